/**
 * The back office's search over people (GET /identity/users/search): what a text may match.
 * Pure: the store turns these into conditions its indexes answer (prefixes, one phone number).
 */

/** A LIKE pattern for text that starts with `text`, its wildcards taken literally. */
export const startsWithPattern = (text: string) =>
  `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The two forms an Australian phone number is stored in (`0412345678`, `+61412345678`) for a text
 * that is one (spaces, dashes and brackets ignored), else null.
 */
export function phoneForms(text: string): [string, string] | null {
  const compact = text.replace(/[\s()-]/g, '');
  const match = /^(?:\+61|0)([23478]\d{8})$/.exec(compact);
  return match ? [`0${match[1]}`, `+61${match[1]}`] : null;
}
