// A real OpenID Provider for the console's OIDC sign-in tests: panva's certified oidc-provider
// (installed into work/oidc-provider by scripts/oidc-provider-setup.sh), on 127.0.0.1, with one
// static client, static accounts whose ID tokens carry a `groups` claim, and a minimal interaction
// of its own: a sign-in form that checks the account's password, then a consent form (Allow or
// Deny). Its keys (RS256 and ES256) are made anew at each start.
//
// Usage: node provider.mjs CONFIG.json, where the file (written by the test, owner-only) holds
//   { "port": 0, "clientId": "...", "clientSecret": "...", "redirectUri": "http://127.0.0.1:P/...",
//     "idTokenAlg": "ES256", "idTokenTtl": 600, "accountsFile": "accounts.json" }
// and the accounts file [ { "id": "dora", "password": "...", "groups": ["hpc-admins"] } ], read
// again at each sign-in: the test changes a user's groups there while the provider runs.
// Prints "issuer http://127.0.0.1:PORT" on stdout once it listens; stops on SIGTERM or SIGINT.
// It must sit beside work/oidc-provider/node_modules to find oidc-provider (the tests copy it there).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const account = (id) => JSON.parse(readFileSync(config.accountsFile, 'utf8')).find((a) => a.id === id);

function signingKey(alg) {
  const { privateKey } = alg === 'RS256'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), alg, use: 'sig', kid: `${alg.toLowerCase()}-key` };
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title, body) {
  return `<!DOCTYPE html><html><head><title>${escape(title)}</title></head><body>`
    + `<h1>${escape(title)}</h1>${body}</body></html>`;
}

function loginForm(uid, message) {
  return page('Sign in to the test provider', `${message ? `<p id="message">${escape(message)}</p>` : ''}`
    + `<form method="post" action="/interaction/${uid}/login">`
    + '<input name="user"><input name="password" type="password"><button>Sign in</button></form>'
    + `<form method="post" action="/interaction/${uid}/abort"><button>Cancel</button></form>`);
}

function consentForm(uid, client) {
  return page(`Let ${client} know who you are?`,
    `<form method="post" action="/interaction/${uid}/confirm"><button>Allow</button></form>`
    + `<form method="post" action="/interaction/${uid}/abort"><button>Deny</button></form>`);
}

async function form(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const server = createServer();
server.listen(config.port, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: config.clientId,
      client_secret: config.clientSecret,
      redirect_uris: [config.redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: config.idTokenAlg,
    }],
    jwks: { keys: [signingKey('RS256'), signingKey('ES256')] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], groups: ['groups'] },
    // The ID token carries the scopes' claims, as the providers consoles use do (a groups claim).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { IdToken: config.idTokenTtl, Session: 3600, Interaction: 600, Grant: 3600 },
    async findAccount(ctx, id) {
      return account(id) && {
        accountId: id,
        async claims() {
          return { sub: id, name: id, preferred_username: id, groups: account(id).groups };
        },
      };
    },
  });

  provider.use(async (ctx, next) => {
    const route = ctx.path.match(/^\/interaction\/([^/]+)(?:\/(login|confirm|abort))?$/);
    if (!route) {
      return next();
    }
    const [, uid, action] = route;
    ctx.set('Cache-Control', 'no-store');
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== uid) {
      ctx.throw(400, 'not this interaction');
    }
    if (!action && ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = details.prompt.name === 'login'
        ? loginForm(uid)
        : consentForm(uid, details.params.client_id);
      return undefined;
    }
    if (ctx.method !== 'POST' || !action) {
      ctx.throw(405);
    }
    if (action === 'abort') {
      return provider.interactionFinished(ctx.req, ctx.res, {
        error: 'access_denied', error_description: 'End-User aborted interaction',
      }, { mergeWithLastSubmission: false });
    }
    if (action === 'login') {
      const body = await form(ctx.req);
      const known = account(body.get('user'));
      if (!known || known.password !== body.get('password')) {
        ctx.status = 401;
        ctx.type = 'html';
        ctx.body = loginForm(uid, 'Wrong user or password.');
        return undefined;
      }
      return provider.interactionFinished(ctx.req, ctx.res, {
        login: { accountId: known.id },
      }, { mergeWithLastSubmission: false });
    }
    const { prompt: { details: missing }, params, session } = details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    return provider.interactionFinished(ctx.req, ctx.res, {
      consent: { grantId: await grant.save() },
    }, { mergeWithLastSubmission: true });
  });

  server.on('request', provider.callback());
  process.stdout.write(`issuer ${issuer}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
