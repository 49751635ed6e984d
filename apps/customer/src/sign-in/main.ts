import '../styles/nunito.css';
import '../styles/nunito-fallback.css';
import './sign-in.css';

import { createAnalytics } from '../lib/analytics/create-analytics';
import { startSignInPage } from './sign-in-page';

// login.html's script: the form is already on the page; this makes it work.
startSignInPage(document, {
  analytics: createAnalytics(),
  go: (url) => window.location.replace(url),
  search: window.location.search,
});
