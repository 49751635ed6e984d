import 'react-router';

// The app uses route middleware (the session check and guards, src/app/session-middleware.ts), so
// loaders and middleware receive a typed RouterContextProvider as `context`.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
