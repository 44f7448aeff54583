import { Lock, ShieldCheck, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import './auth.css';

export function AuthLayout({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="auth container">
      <div className="auth__panel">
        <h1 className="auth__title">{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
      </div>
      <aside className="auth__aside" aria-label="Security">
        {aside ?? (
          <>
            <h2>Banking you can trust</h2>
            <ul role="list" className="auth__points">
              <li>
                <ShieldCheck aria-hidden="true" /> Deposits FDIC-insured up to $250,000
              </li>
              <li>
                <Lock aria-hidden="true" /> 256-bit encryption and 24/7 fraud monitoring
              </li>
              <li>
                <Smartphone aria-hidden="true" /> We will never ask for your password by phone, text
                or email
              </li>
            </ul>
          </>
        )}
      </aside>
    </div>
  );
}
