import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';

import { paths } from '../../config/paths';
import { Logo } from '../ui/logo';
import classes from './main-layout.module.css';

type NavItem = { to: string; label: string; icon: ReactNode };

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className={classes.navIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const navItems: NavItem[] = [
  {
    to: paths.deliveries,
    label: 'Deliveries',
    icon: (
      <Icon>
        <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7z" />
        <circle cx="7" cy="17.5" r="1.5" />
        <circle cx="17" cy="17.5" r="1.5" />
      </Icon>
    ),
  },
  {
    to: paths.dogs,
    label: 'Dogs',
    icon: (
      <Icon>
        <ellipse cx="12" cy="16" rx="4" ry="3.5" />
        <circle cx="6" cy="10" r="1.8" />
        <circle cx="9.5" cy="6" r="1.8" />
        <circle cx="14.5" cy="6" r="1.8" />
        <circle cx="18" cy="10" r="1.8" />
      </Icon>
    ),
  },
  {
    to: paths.account,
    label: 'Account',
    icon: (
      <Icon>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </Icon>
    ),
  },
];

/**
 * The frame of the main pages (customer-app.md §2: Deliveries, Dogs, Account): header, main
 * navigation and the page in a `<main>` landmark. Use it as the element of a layout route whose
 * children are those pages; NavLink marks the current one with aria-current="page".
 */
export function MainLayout() {
  return (
    <div className={classes.shell}>
      <a className={classes.skipLink} href="#main-content">
        Skip to main content
      </a>
      <header className={classes.header}>
        <Link className={classes.brand} to={paths.deliveries}>
          <Logo size={34} />
        </Link>
        <nav className={classes.nav} aria-label="Main">
          <ul className={classes.navList}>
            {navItems.map((item) => (
              <li key={item.to} className={classes.navItem}>
                <NavLink className={classes.navLink} to={item.to}>
                  {item.icon}
                  <span>{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
