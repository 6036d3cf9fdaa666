import fs from 'node:fs';
import { CredentialVerifier } from '/work/wt/lcw/server/services/credentials/verifier';
const vp = JSON.parse(fs.readFileSync('/tmp/vp11.json', 'utf8'));
const v = new CredentialVerifier({ db: null as never, publicUrl: 'https://x.test', statusLists: null as never });
console.log(JSON.stringify(await v.verifyPresentation(vp, { challenge: 'c' })));
