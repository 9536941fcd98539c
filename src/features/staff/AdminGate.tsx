import { useState } from 'react';
import type { ReactNode } from 'react';
import type { AdminSession } from '../../domain/staffWire';
import { useGetSessionQuery, useSignOutMutation } from '../../api/bookingsApi';
import { describeError } from '../../api/requestErrors';
import { useAppSelector } from '../../shared/hooks';
import { selectOffers } from '../../shared/offers';
import { AdminNav } from './AdminNav';
import { SignInForm } from './SignInForm';
import './staff.css';
import { LoadProblem } from '../../shared/ui/notices';

const roleNames = { owner: 'owner', desk: 'front desk' } as const;

function SignedInBar({ username, role }: Pick<AdminSession, 'username' | 'role'>) {
  const [signOut, { isLoading }] = useSignOutMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function leave() {
    setProblem(null);
    const result = await signOut();
    if (result.error) setProblem(describeError(result.error, 'Signing out did not work. Please try again.'));
  }

  return (
    <div className="hotel-signed-in">
      <p>
        Signed in as <strong>{username}</strong> ({roleNames[role]})
      </p>
      <button type="button" className="button button--secondary" disabled={isLoading} onClick={() => void leave()}>
        Sign out
      </button>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Who is signed in (the hotel), or null where nobody signs in (this browser's own bookings). */
type Staff = AdminSession | null;

/**
 * The staff screens. Where the source asks for sign-in (the hotel), they show its bookings only to
 * a signed-in staff member; until then the sign-in form and no booking data at all (no booking
 * is even asked for). Where it does not (this browser's own bookings), they show at once. The
 * screen gets the session, to leave out what the person's role may not do.
 */
export function AdminGate({ children }: { children: (staff: Staff) => ReactNode }) {
  const { signIn } = useAppSelector(selectOffers);
  return signIn ? <SignedIn>{children}</SignedIn> : children(null);
}

/** Whether the signed-in person (or, with nobody signing in, this browser's user) may do the owner's tasks. */
export function isOwner(staff: Staff): boolean {
  return staff === null || staff.role === 'owner';
}

function SignedIn({ children }: { children: (staff: Staff) => ReactNode }) {
  const { data: session, error, isLoading, isFetching, refetch } = useGetSessionQuery();
  if (isLoading) return <p role="status">Checking whether you are signed in…</p>;
  if (error)
    return (
      <LoadProblem error={error} fallback="The hotel could not check your sign-in." retrying={isFetching} onRetry={() => void refetch()} />
    );
  if (!session) return <SignInForm />;
  return (
    <>
      <SignedInBar username={session.username} role={session.role} />
      <AdminNav role={session.role} />
      {children(session)}
    </>
  );
}
