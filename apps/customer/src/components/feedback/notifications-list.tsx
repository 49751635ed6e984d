import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

// Loaded with the first notice (notices-host.tsx, success-notice.ts), styles included: the list
// and the store that shows a notice, so no page's first load carries either (ADR 013).
export { Notifications as default, notifications } from '@mantine/notifications';
