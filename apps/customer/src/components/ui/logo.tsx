import classes from './logo.module.css';

/** The PawFresh mark: a cream paw on a paprika bowl with a sage leaf (inline, no request). */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={classes.mark}
    >
      <rect width="48" height="48" rx="14" fill="#a8421a" />
      <path d="M31 6c6 0 10 3 11 8-5 1-10-1-11-8z" fill="#92c09e" />
      <ellipse cx="24" cy="30" rx="8.5" ry="7" fill="#fbf6ee" />
      <ellipse cx="13.5" cy="22" rx="3.6" ry="4.4" fill="#fbf6ee" transform="rotate(-18 13.5 22)" />
      <ellipse cx="20" cy="15.5" rx="3.6" ry="4.6" fill="#fbf6ee" />
      <ellipse cx="28.5" cy="15.5" rx="3.6" ry="4.6" fill="#fbf6ee" />
      <ellipse cx="35" cy="22" rx="3.6" ry="4.4" fill="#fbf6ee" transform="rotate(18 35 22)" />
    </svg>
  );
}

/** Mark and word mark. The word is real text, so a link around it is named "PawFresh". */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <span className={classes.logo}>
      <LogoMark size={size} />
      <span className={classes.word}>
        Paw<span className={classes.accent}>Fresh</span>
      </span>
    </span>
  );
}
