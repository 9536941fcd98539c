-- Admin accounts and their sessions, kept in the database so that every server instance honours them.

CREATE TABLE admins (
  username      text PRIMARY KEY,
  -- scrypt: "scrypt$N$r$p$salt$hash" (base64url parts), see server/auth/passwords.ts
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
  -- SHA-256 of the cookie's random token: a stolen database copy holds no usable session.
  token_hash bytea PRIMARY KEY,
  username   text NOT NULL REFERENCES admins ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_sessions_last_seen ON admin_sessions (last_seen);

-- Failed sign-ins per account ("user:NAME") and per address ("addr:IP"), shared by instances.
CREATE TABLE sign_in_failures (
  key          text PRIMARY KEY,
  failures     integer NOT NULL,
  last_failure timestamptz NOT NULL
);
