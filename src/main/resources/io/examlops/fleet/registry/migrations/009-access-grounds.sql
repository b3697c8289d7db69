-- Version 9: what a console session stands on. Each user gets a credential stamp, replaced when its
-- role or password changes: a session signed in on another stamp (or for a user removed since) ends
-- at its next request, whichever process made the change (the CLI's user commands are not the
-- console's process). A user that signed in with a one-time password (the first admin's) must
-- choose its own before anything else.
ALTER TABLE access_users ADD COLUMN credential_stamp TEXT NOT NULL DEFAULT '';
ALTER TABLE access_users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0
  CHECK (must_change_password IN (0, 1));
UPDATE access_users SET credential_stamp = lower(hex(randomblob(16)));
-- The first admin still on its one-time password: created as the initial admin and never changed.
UPDATE access_users SET must_change_password = 1
  WHERE name = 'admin'
    AND password_changed_at = created_at
    AND (SELECT json_extract(details_json, '$.initial') FROM audit_events
          WHERE action = 'user-add' AND json_extract(details_json, '$.user') = 'admin'
          ORDER BY id DESC LIMIT 1) = 1;
