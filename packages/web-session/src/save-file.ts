/**
 * Hands bytes to the browser as a download: a Blob, an object URL and a temporary
 * `<a download>` clicked once. The URL is released right after the browser has taken it.
 * Shared by the customer app (invoices) and the staff app (labels, pick lists).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
