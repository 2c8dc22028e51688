import { Link } from 'react-router';
import { Notice } from '../../ui/Notice';
import { LinkShell } from './LinkShell';
import linkClasses from './linkScreens.module.css';

interface Way {
  to: string;
  label: string;
}

/** A mailed link that no longer works (used, replaced or expired): why, and two ways forward. */
export function DeadLinkScreen({ title, message, ways }: { title: string; message: string; ways: [Way, Way] }) {
  return (
    <LinkShell title={title}>
      <Notice tone="error">{message}</Notice>
      <div className={linkClasses.links}>
        {ways.map((way) => (
          <Link key={way.to} to={way.to} className={linkClasses.link}>
            {way.label}
          </Link>
        ))}
      </div>
    </LinkShell>
  );
}
