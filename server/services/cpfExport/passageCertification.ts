import {
  CPF_LIMITS,
  CPF_YEARS,
  GENRE,
  INITIATIVE_INSCRIPTION,
  MENTION,
  MODALITE_ACCES,
  MODALITE_PASSAGE_EXAMEN,
  NIVEAU_CECRL,
  OBTENTION_CERTIFICATION,
  VOIE_ACCES_VAE,
  type Genre,
  type InitiativeInscription,
  type Mention,
  type ModaliteAcces,
  type ModalitePassageExamen,
  type NiveauCecrl,
  type ObtentionCertification,
  type VoieAccesVae,
} from './cpfSchema';
import type { CpfProblem } from './cpfProblems';
import { ColumnChecks, feedDate } from './importColumns';
import { cleanText, textLength } from './xmlText';

/** What the export reads of a certificate. */
export interface CpfCertificate {
  id: number;
  key: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  obtentionDate: string;
  expirationDate: string | null;
  /** the import row (all its columns but Language and Email) */
  data: Readonly<Record<string, unknown>>;
}

/** What every passage of one export shares. */
export interface PassageContext {
  /** the product's public address: the certificate's page is the proof (urlPreuve) */
  publicUrl: string;
  /** the template's speciality (registry element), the option's label when the row gives none */
  speciality: string | null;
}

export interface Titulaire {
  kind: 'titulaire';
  nomNaissance: string;
  nomUsage: string | null;
  prenom1: string;
  prenom2?: string;
  prenom3?: string;
  anneeNaissance: number;
  moisNaissance: number | null;
  jourNaissance: number | null;
  sexe: Genre;
  /** one of the two; with neither the postal code is written nil */
  codeInseeNaissance?: string;
  codePostalNaissance: string | null;
  libelleCommuneNaissance?: string;
  codePaysNaissance?: string;
  libellePaysNaissance?: string;
}

export interface DossierFormation {
  kind: 'dossierFormation';
  idDossier: string;
  nomTitulaire: string;
  prenom1Titulaire: string;
}

export interface ModalitesInscription {
  modaliteAcces: ModaliteAcces | null;
  voieAccessVAE?: VoieAccesVae;
  initiativeInscription?: InitiativeInscription;
  dateInscription?: string;
}

/** One passageCertification of the feed, its optional elements absent when the export has no value. */
export interface PassageCertification {
  idTechnique: string;
  urlPreuve?: string;
  libelleOption?: string;
  obtentionCertification: ObtentionCertification;
  donneeCertifiee: boolean;
  dateDebutExamen?: string;
  dateFinExamen?: string;
  modalitePassageExamen?: ModalitePassageExamen;
  codePostalCentreExamen?: string;
  dateDebutValidite: string;
  dateFinValidite: string | null;
  niveauLangueEuropeen?: NiveauCecrl;
  /** the DIGCOMP general score; the per-competence results are not exported */
  scoreGeneral?: number;
  scoring: string | null;
  mentionValidee: Mention | null;
  modalitesInscription: ModalitesInscription;
  identificationTitulaire: Titulaire | DossierFormation;
  verbatim?: string;
}

export type PassageResult = { ok: true; passage: PassageCertification } | { ok: false; problems: CpfProblem[] };

const SEXE_ALIASES: Record<string, Genre> = {
  H: 'M',
  HOMME: 'M',
  MASCULIN: 'M',
  MALE: 'M',
  FEMME: 'F',
  FEMININ: 'F',
  FEMALE: 'F',
};

/** An INSEE commune code: 2 digits (2A, 2B in Corsica) and 3 digits; 99 and a country code for those born abroad. */
const INSEE_COMMUNE = /^(?:\d{2}|2A|2B)\d{3}$/;
const FRANCE_COUNTRY = '100';

function birth(
  checks: ColumnChecks,
): Pick<Titulaire, 'anneeNaissance' | 'moisNaissance' | 'jourNaissance'> | undefined {
  const date = checks.read('dateNaissance');
  if (date !== undefined) {
    const iso = checks.checkDate('dateNaissance', date);
    if (iso === undefined) return undefined;
    const [year, month, day] = iso.split('-').map(Number);
    return { anneeNaissance: year, moisNaissance: month, jourNaissance: day };
  }
  const year = checks.integer('anneeNaissance', CPF_YEARS.min, CPF_YEARS.max);
  const month = checks.integer('moisNaissance', 1, 12);
  const day = checks.integer('jourNaissance', 1, 31);
  if (year === undefined) {
    if (checks.read('anneeNaissance') === undefined) {
      checks.problem('anneeNaissance', 'required', 'column dateNaissance or anneeNaissance');
    }
    return undefined;
  }
  return { anneeNaissance: year, moisNaissance: month ?? null, jourNaissance: day ?? null };
}

function birthPlace(
  checks: ColumnChecks,
): Pick<Titulaire, 'codeInseeNaissance' | 'codePostalNaissance' | 'codePaysNaissance'> | undefined {
  const insee = checks.read('codeInseeNaissance')?.toUpperCase();
  if (insee !== undefined && !INSEE_COMMUNE.test(insee)) {
    return checks.problem(
      'codeInseeNaissance',
      'invalid',
      "the commune's 5-character INSEE code (99 and the country abroad)",
    );
  }
  const postal = insee === undefined ? checks.text('codePostalNaissance', CPF_LIMITS.codePostal) : undefined;
  const countryColumn = checks.read('codePaysNaissance');
  const country = countryColumn === undefined ? undefined : /^(?:99)?(\d{3})$/.exec(countryColumn)?.[1];
  if (countryColumn !== undefined && country === undefined) {
    return checks.problem('codePaysNaissance', 'invalid', "the 3 last digits of the country's INSEE code (99xxx)");
  }
  // The register wants the country of those born abroad only, and the same code as their INSEE code.
  const abroad = insee?.startsWith('99') ? insee.slice(2) : undefined;
  const codePays = country ?? abroad;
  return {
    ...(insee !== undefined ? { codeInseeNaissance: insee } : {}),
    codePostalNaissance: postal ?? null,
    ...(codePays !== undefined && codePays !== FRANCE_COUNTRY ? { codePaysNaissance: codePays } : {}),
  };
}

function titulaire(checks: ColumnChecks, certificate: CpfCertificate): Titulaire | undefined {
  const nomNaissance = checks.requiredText(
    'nomNaissance',
    CPF_LIMITS.name,
    certificate.lastName,
    'column nomNaissance or lastName',
  );
  // lastName is the name in use: when the row gives a birth name apart, it is the usage name.
  const lastName = cleanText(certificate.lastName);
  const usage =
    checks.read('nomUsage') ??
    (checks.read('nomNaissance') !== undefined && lastName !== '' && lastName !== nomNaissance ? lastName : undefined);
  const nomUsage = checks.checkText('nomUsage', CPF_LIMITS.name, usage);
  const prenom1 = checks.requiredText('prenom1', CPF_LIMITS.name, certificate.firstName, 'column prenom1 or firstName');
  const prenom2 = checks.text('prenom2', CPF_LIMITS.name);
  const prenom3 = checks.text('prenom3', CPF_LIMITS.name);
  const born = birth(checks);
  const sexeColumn = checks.read('sexe');
  const sexe = checks.oneOf('sexe', GENRE, SEXE_ALIASES);
  if (sexeColumn === undefined) checks.problem('sexe', 'required', 'column sexe: M or F');
  const place = birthPlace(checks);
  const libelleCommuneNaissance = checks.text('libelleCommuneNaissance', CPF_LIMITS.libelle);
  const libellePaysNaissance = checks.text('libellePaysNaissance', CPF_LIMITS.libelle);
  if (nomNaissance === undefined || prenom1 === undefined || !born || !sexe || !place) return undefined;
  return {
    kind: 'titulaire',
    nomNaissance,
    nomUsage: nomUsage ?? null,
    prenom1,
    ...(prenom2 !== undefined ? { prenom2 } : {}),
    ...(prenom3 !== undefined ? { prenom3 } : {}),
    ...born,
    sexe,
    ...place,
    ...(libelleCommuneNaissance !== undefined ? { libelleCommuneNaissance } : {}),
    ...(libellePaysNaissance !== undefined ? { libellePaysNaissance } : {}),
  };
}

/** The holder named by a CPF training file (idDossier): no birth data needed then. */
function dossierFormation(checks: ColumnChecks, certificate: CpfCertificate): DossierFormation | undefined {
  const idDossier = checks.text('idDossier', CPF_LIMITS.idDossier);
  const nomTitulaire = checks.requiredText(
    'nomTitulaire',
    CPF_LIMITS.nomTitulaire,
    certificate.lastName,
    'column nomTitulaire or lastName',
  );
  const prenom1Titulaire = checks.requiredText(
    'prenom1Titulaire',
    CPF_LIMITS.prenom1Titulaire,
    certificate.firstName,
    'column prenom1Titulaire or firstName',
  );
  if (idDossier === undefined || nomTitulaire === undefined || prenom1Titulaire === undefined) return undefined;
  return { kind: 'dossierFormation', idDossier, nomTitulaire, prenom1Titulaire };
}

function modalitesInscription(checks: ColumnChecks): ModalitesInscription | undefined {
  const failures = checks.problems.length;
  const modaliteAcces = checks.oneOf('modaliteAcces', MODALITE_ACCES);
  const voieAccessVAE = checks.oneOf('voieAccessVAE', VOIE_ACCES_VAE);
  if (voieAccessVAE !== undefined && modaliteAcces !== 'VAE') {
    checks.problem('voieAccessVAE', 'not_allowed', 'unless modaliteAcces is VAE');
  }
  const initiativeInscription = checks.oneOf('initiativeInscription', INITIATIVE_INSCRIPTION);
  const dateInscription = checks.date('dateInscription');
  if (checks.problems.length > failures) return undefined;
  return {
    modaliteAcces: modaliteAcces ?? null,
    ...(voieAccessVAE !== undefined ? { voieAccessVAE } : {}),
    ...(initiativeInscription !== undefined ? { initiativeInscription } : {}),
    ...(dateInscription !== undefined ? { dateInscription } : {}),
  };
}

/** The option's label: the row's libelleOption, else the template's speciality when it fits the schema. */
function libelleOption(checks: ColumnChecks, context: PassageContext): string | undefined {
  if (checks.read('libelleOption') !== undefined) return checks.text('libelleOption', CPF_LIMITS.libelleOption);
  const speciality = cleanText(context.speciality ?? '');
  return speciality !== '' && textLength(speciality) <= CPF_LIMITS.libelleOption ? speciality : undefined;
}

/**
 * A certificate as a passageCertification of the feed: the product's own fields first (key, holder's names,
 * obtention and expiration dates, certificate page), then the import row's columns named after the schema's
 * elements (docs/cpf-export.md lists them). Every problem is reported, not only the first.
 */
export function mapPassage(certificate: CpfCertificate, context: PassageContext): PassageResult {
  const checks = new ColumnChecks(certificate.data);
  const urlPreuve = `${context.publicUrl}/certificate/${certificate.key}`;

  const obtentionCertification = checks.oneOf('obtentionCertification', OBTENTION_CERTIFICATION);
  const donneeCertifiee = checks.boolean('donneeCertifiee');
  const dateDebutExamen = checks.date('dateDebutExamen');
  const dateFinExamen = checks.date('dateFinExamen');
  if (dateDebutExamen !== undefined && dateFinExamen !== undefined && dateFinExamen < dateDebutExamen) {
    checks.problem('dateFinExamen', 'before_start', 'dateDebutExamen');
  }
  const modalitePassageExamen = checks.oneOf('modalitePassageExamen', MODALITE_PASSAGE_EXAMEN);
  const codePostalCentreExamen = checks.text('codePostalCentreExamen', CPF_LIMITS.codePostalCentreExamen);

  const dateDebutValidite =
    feedDate(certificate.obtentionDate) ?? checks.problem('dateDebutValidite', 'invalid', 'obtentionDate YYYY-MM-DD');
  const expiration = certificate.expirationDate ?? '';
  const dateFinValidite = expiration === '' ? null : checks.checkDate('dateFinValidite', expiration);
  if (dateDebutValidite !== undefined && dateFinValidite && dateFinValidite < dateDebutValidite) {
    checks.problem('dateFinValidite', 'before_start', 'dateDebutValidite (obtentionDate)');
  }

  const niveauLangueEuropeen = checks.oneOf('niveauLangueEuropeen', NIVEAU_CECRL);
  const scoreGeneral = checks.integer('scoreGeneral', 1, 1000);
  const scoring = checks.text('scoring', CPF_LIMITS.scoring);
  const mentionValidee = checks.oneOf('mentionValidee', MENTION);
  const inscription = modalitesInscription(checks);
  const identification =
    checks.read('idDossier') !== undefined ? dossierFormation(checks, certificate) : titulaire(checks, certificate);
  const verbatim = checks.text('verbatim', CPF_LIMITS.verbatim);
  const option = libelleOption(checks, context);

  if (checks.problems.length > 0 || !inscription || !identification || dateDebutValidite === undefined) {
    return { ok: false, problems: checks.problems };
  }
  return {
    ok: true,
    passage: {
      idTechnique: certificate.key,
      ...(textLength(urlPreuve) <= CPF_LIMITS.urlPreuve ? { urlPreuve } : {}),
      ...(option !== undefined ? { libelleOption: option } : {}),
      // A published certificate was awarded: by admission unless the row says it was by a score.
      obtentionCertification: obtentionCertification ?? 'PAR_ADMISSION',
      // A publication is the issuer's final result unless the row says it may still change.
      donneeCertifiee: donneeCertifiee ?? true,
      ...(dateDebutExamen !== undefined ? { dateDebutExamen } : {}),
      ...(dateFinExamen !== undefined ? { dateFinExamen } : {}),
      ...(modalitePassageExamen !== undefined ? { modalitePassageExamen } : {}),
      ...(codePostalCentreExamen !== undefined ? { codePostalCentreExamen } : {}),
      dateDebutValidite,
      dateFinValidite: dateFinValidite ?? null,
      ...(niveauLangueEuropeen !== undefined ? { niveauLangueEuropeen } : {}),
      ...(scoreGeneral !== undefined ? { scoreGeneral } : {}),
      scoring: scoring ?? null,
      mentionValidee: mentionValidee ?? null,
      modalitesInscription: inscription,
      identificationTitulaire: identification,
      ...(verbatim !== undefined ? { verbatim } : {}),
    },
  };
}
