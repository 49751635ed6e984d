/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Segment write key; when unset the app sends no analytics to any third party. */
  readonly VITE_SEGMENT_WRITE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
