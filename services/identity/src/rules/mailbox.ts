import type { RuntimeSettings } from '@pawfresh/kit';

export const MAILBOX_OFF = 'The development mailbox is off';

/**
 * Mail is kept in the development mailbox only while no SMTP server is configured, and never in
 * production: there it would hold real people's reset codes on a public page.
 */
export const devMailboxIsOn = (settings: RuntimeSettings): boolean =>
  !settings.smtpUrl && settings.environment !== 'production';
