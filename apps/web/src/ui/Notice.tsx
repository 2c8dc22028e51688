import type { ReactNode } from 'react';
import classes from './controls.module.css';

export interface NoticeProps {
  tone?: 'error' | 'info';
  children: ReactNode;
}

/** A boxed message; errors are announced at once (role alert), information politely (role status). */
export function Notice({ tone = 'info', children }: NoticeProps) {
  return (
    <div className={`${classes.notice} ${classes[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
