import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSignInMutation } from '../../api/bookingsApi';
import { describeError } from '../../api/requestErrors';

/**
 * The hotel administrator's sign-in. The server answers with its own words ("Wrong name or
 * password.", or how long to wait after too many tries), which are shown as they are.
 */
export function SignInForm() {
  const [signIn, { isLoading }] = useSignInMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = useRef(false);
  const nameId = useId();
  const passwordId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setProblem(null);
    const result = await signIn({ username: username.trim(), password });
    busy.current = false;
    if (result.error) {
      setProblem(describeError(result.error, 'Signing in did not work. Please try again.'));
      setPassword('');
    }
  }

  return (
    <section className="card hotel-sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <p>Bookings are kept by the hotel. Sign in as the hotel administrator to see them.</p>
      <form onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            className="input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={100}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={200}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={isLoading}>
          Sign in
        </button>
      </form>
    </section>
  );
}
