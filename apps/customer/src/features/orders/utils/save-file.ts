import { saveBlob } from '@pawfresh/web-session/save-file';

/** Saves base64 content as a file (the invoice the orchestration service answers as base64). */
export function saveBase64File(base64: string, fileName: string, type: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(new Blob([bytes], { type }), fileName);
}
