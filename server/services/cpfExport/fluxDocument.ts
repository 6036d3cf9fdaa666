import { isRegistryType, type RegistryType } from '../../../domain/templateRules/registryParams';
import { CPF_FLUX_SCHEMA, CPF_LIMITS, CPF_TIME_ZONE, XSI_NAMESPACE } from './cpfSchema';
import type { CpfProblem } from './cpfProblems';
import type { DossierFormation, PassageCertification, Titulaire } from './passageCertification';
import {
  cleanText,
  closeTag,
  escapeXml,
  node,
  openTag,
  optional,
  serializeNode,
  textLength,
  type XmlNode,
} from './xmlText';

/** The issuer's register account (profile, accrochage tab): params idClientEmetteur and idContrat. */
export interface RegisterAccount {
  idClientEmetteur: string | null;
  idContrat: string | null;
}

/** What the export reads of a registry (cpf_onshelf) template. */
export interface CpfTemplate {
  /** {type: RNCP | RS, idClientEmetteur, idClientCertificateur, idContrat} */
  params: Readonly<Record<string, unknown>>;
  /** the registry elements of the default language (reference, speciality, …) */
  content: Readonly<Record<string, unknown>>;
}

/** Everything of the feed above its passages: one emitter, one certifier, one certification. */
export interface FluxHeader {
  idFlux: string;
  horodatage: string;
  emetteurIdClient: string;
  certificateurIdClient: string;
  idContrat: string;
  type: RegistryType;
  code: string;
}

export type FluxHeaderResult = { ok: true; header: FluxHeader } | { ok: false; problems: CpfProblem[] };

const text = (value: unknown): string | undefined => {
  const cleaned = typeof value === 'string' ? cleanText(value) : '';
  return cleaned === '' ? undefined : cleaned;
};

const REGISTER_CODE = /^(RNCP|RS)\d+$/;

/**
 * The certification's code on the register: the template's reference (registry element), spaces removed and in
 * capitals; a number alone takes the template's type as prefix (12345 in an RNCP template is RNCP12345).
 */
export function registerCode(reference: string, type: RegistryType): string {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  return /^\d+$/.test(compact) ? `${type}${compact}` : compact;
}

/** `2026-11-22T18:05:09+01:00`: the register's local time with its offset, to the second (never Z). */
export function registerTimestamp(now: Date, timeZone: string = CPF_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const wallClock = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = Math.round((wallClock - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return `${date}T${parts.hour}:${parts.minute}:${parts.second}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/**
 * The feed's header from the template and the issuer's account. The emitter is the account that deposits the
 * file (the account's client id, else the template's); the certifier and the contract are the template's (the
 * registry editor's parameters), else the account's.
 */
export function fluxHeader(
  template: CpfTemplate,
  account: RegisterAccount,
  stamp: { idFlux: string; horodatage: string },
): FluxHeaderResult {
  const problems: CpfProblem[] = [];
  const params = template.params;
  const clientId = (field: string, value: string | undefined): string => {
    if (value === undefined) problems.push({ field, code: 'required', detail: 'the register client id (BCR)' });
    else if (textLength(value) !== CPF_LIMITS.idClient) {
      problems.push({ field, code: 'invalid', detail: `${CPF_LIMITS.idClient} characters (the register client id)` });
    }
    return value ?? '';
  };
  const emetteurIdClient = clientId(
    'emetteur.idClient',
    text(account.idClientEmetteur) ?? text(params.idClientEmetteur) ?? text(params.idClientCertificateur),
  );
  const certificateurIdClient = clientId(
    'certificateur.idClient',
    text(params.idClientCertificateur) ?? text(account.idClientEmetteur),
  );
  const idContrat = text(params.idContrat) ?? text(account.idContrat);
  if (idContrat === undefined) {
    problems.push({ field: 'certificateur.idContrat', code: 'required', detail: 'the register contract id' });
  } else if (textLength(idContrat) > CPF_LIMITS.idContrat) {
    problems.push({ field: 'certificateur.idContrat', code: 'too_long', detail: String(CPF_LIMITS.idContrat) });
  }
  const type = params.type;
  if (!isRegistryType(type)) problems.push({ field: 'certification.type', code: 'invalid', detail: 'RNCP or RS' });
  const reference = text(template.content.reference);
  const code = reference !== undefined && isRegistryType(type) ? registerCode(reference, type) : undefined;
  if (reference === undefined) {
    problems.push({
      field: 'certification.code',
      code: 'required',
      detail: "the template's reference, e.g. RNCP12345",
    });
  } else if (code !== undefined && (!REGISTER_CODE.test(code) || !code.startsWith(type as string))) {
    problems.push({
      field: 'certification.code',
      code: 'invalid',
      detail: `${String(type)} and the register's number`,
    });
  }
  if (problems.length > 0 || !isRegistryType(type) || code === undefined || idContrat === undefined) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    header: { ...stamp, emetteurIdClient, certificateurIdClient, idContrat, type, code },
  };
}

function titulaireNode(holder: Titulaire): XmlNode {
  const number = (value: number | null) => (value === null ? null : String(value));
  return node('titulaire', [
    node('nomNaissance', holder.nomNaissance),
    node('nomUsage', holder.nomUsage),
    node('prenom1', holder.prenom1),
    optional('prenom2', holder.prenom2),
    optional('prenom3', holder.prenom3),
    node('anneeNaissance', String(holder.anneeNaissance)),
    node('moisNaissance', number(holder.moisNaissance)),
    node('jourNaissance', number(holder.jourNaissance)),
    node('sexe', holder.sexe),
    node('codeCommuneNaissance', [
      holder.codeInseeNaissance !== undefined
        ? node('codeInseeNaissance', [node('codeInsee', holder.codeInseeNaissance)])
        : node('codePostalNaissance', [node('codePostal', holder.codePostalNaissance)]),
    ]),
    optional('libelleCommuneNaissance', holder.libelleCommuneNaissance),
    optional('codePaysNaissance', holder.codePaysNaissance),
    optional('libellePaysNaissance', holder.libellePaysNaissance),
  ]);
}

function dossierNode(dossier: DossierFormation): XmlNode {
  return node('dossierFormation', [
    node('idDossier', dossier.idDossier),
    node('nomTitulaire', dossier.nomTitulaire),
    node('prenom1Titulaire', dossier.prenom1Titulaire),
  ]);
}

/** A passage as the schema orders its elements. */
export function passageNode(passage: PassageCertification): XmlNode {
  const holder = passage.identificationTitulaire;
  const inscription = passage.modalitesInscription;
  return node('passageCertification', [
    node('idTechnique', passage.idTechnique),
    optional('urlPreuve', passage.urlPreuve),
    optional('libelleOption', passage.libelleOption),
    node('obtentionCertification', passage.obtentionCertification),
    node('donneeCertifiee', String(passage.donneeCertifiee)),
    optional('dateDebutExamen', passage.dateDebutExamen),
    optional('dateFinExamen', passage.dateFinExamen),
    optional('modalitePassageExamen', passage.modalitePassageExamen),
    optional('codePostalCentreExamen', passage.codePostalCentreExamen),
    node('dateDebutValidite', passage.dateDebutValidite),
    node('dateFinValidite', passage.dateFinValidite),
    node('presenceNiveauLangueEuro', String(passage.niveauLangueEuropeen !== undefined)),
    optional('niveauLangueEuropeen', passage.niveauLangueEuropeen),
    node('presenceNiveauNumeriqueEuro', String(passage.scoreGeneral !== undefined)),
    passage.scoreGeneral !== undefined
      ? node('niveauNumeriqueEuropeen', [node('scoreGeneral', String(passage.scoreGeneral))])
      : undefined,
    node('scoring', passage.scoring),
    node('mentionValidee', passage.mentionValidee),
    node('modalitesInscription', [
      node('modaliteAcces', inscription.modaliteAcces),
      optional('voieAccessVAE', inscription.voieAccessVAE),
      optional('initiativeInscription', inscription.initiativeInscription),
      optional('dateInscription', inscription.dateInscription),
    ]),
    node('identificationTitulaire', [holder.kind === 'titulaire' ? titulaireNode(holder) : dossierNode(holder)]),
    optional('verbatim', passage.verbatim),
  ]);
}

/** Depth of a passageCertification: flux, emetteur, certificateurs, certificateur, certifications, certification, passageCertifications. */
const PASSAGE_DEPTH = 7;

export function passageXml(passage: PassageCertification): string {
  return serializeNode(passageNode(passage), PASSAGE_DEPTH);
}

const ENCLOSING = [
  'emetteur',
  'certificateurs',
  'certificateur',
  'certifications',
  'certification',
  'passageCertifications',
] as const;

/** The feed around its passages, so that a long one can be written passage by passage. */
export function fluxParts(header: FluxHeader): { head: string; tail: string } {
  const leaf = (name: string, value: string, depth: number) => serializeNode(node(name, value), depth);
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<cpf:flux xmlns:cpf="${escapeXml(CPF_FLUX_SCHEMA.namespace)}" xmlns:xsi="${XSI_NAMESPACE}">\n` +
    leaf('idFlux', header.idFlux, 1) +
    leaf('horodatage', header.horodatage, 1) +
    openTag('emetteur', 1) +
    leaf('idClient', header.emetteurIdClient, 2) +
    openTag('certificateurs', 2) +
    openTag('certificateur', 3) +
    leaf('idClient', header.certificateurIdClient, 4) +
    leaf('idContrat', header.idContrat, 4) +
    openTag('certifications', 4) +
    openTag('certification', 5) +
    leaf('type', header.type, 6) +
    leaf('code', header.code, 6) +
    openTag('passageCertifications', 6);
  const tail =
    ENCLOSING.map((name, index) => closeTag(name, index + 1))
      .reverse()
      .join('') + '</cpf:flux>\n';
  return { head, tail };
}

/** The whole feed at once (tests, small exports); at least one passage is needed for it to be valid. */
export function fluxXml(header: FluxHeader, passages: readonly PassageCertification[]): string {
  const { head, tail } = fluxParts(header);
  return head + passages.map(passageXml).join('') + tail;
}
