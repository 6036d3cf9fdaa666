/**
 * The register's certification feed schema (the "flux" of the CDC accrochage kit) that the cpf export writes.
 * The register accepts only its latest schema: when a new kit is published, its namespace, version and value
 * lists change here, and schema/ holds its XSD, which the tests validate the export against.
 */
export const CPF_FLUX_SCHEMA = {
  /** the kit's name for it */
  kit: 'v2.0.0',
  /** the XSD's own version attribute */
  version: '1.1.2',
  namespace: 'urn:cdc:cpf:pc5:schema:1.0.0',
  /** the file in schema/ */
  xsdFile: 'flux-certifications-v2.0.0.xsd',
} as const;

export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** The register's time zone: horodatage carries its offset (+01:00 or +02:00), never Z. */
export const CPF_TIME_ZONE = 'Europe/Paris';

/** The XSD's enumerations. */
export const OBTENTION_CERTIFICATION = ['PAR_ADMISSION', 'PAR_SCORING'] as const;
export const MODALITE_PASSAGE_EXAMEN = ['A_DISTANCE', 'EN_PRESENTIEL', 'MIXTE'] as const;
export const NIVEAU_CECRL = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'INSUFFISANT'] as const;
export const MENTION = [
  'SANS_MENTION',
  'MENTION_ASSEZ_BIEN',
  'MENTION_BIEN',
  'MENTION_TRES_BIEN',
  'MENTION_TRES_BIEN_AVEC_FELICITATIONS_DU_JURY',
] as const;
export const MODALITE_ACCES = [
  'FORMATION_INITIALE_HORS_APPRENTISSAGE',
  'FORMATION_INITIALE_APPRENTISSAGE',
  'FORMATION_CONTINUE_HORS_CONTRAT_DE_PROFESSIONNALISATION',
  'FORMATION_CONTINUE_CONTRAT_DE_PROFESSIONNALISATION',
  'VAE',
  'EQUIVALENCE_DIPLOME_ETRANGER',
  'CANDIDAT_LIBRE',
] as const;
export const VOIE_ACCES_VAE = ['CONGES_VAE', 'VAE_CLASSIQUE'] as const;
export const INITIATIVE_INSCRIPTION = ['CERTIFIE', 'OF', 'POLE_EMPLOI', 'EMPLOYEUR', 'AUTRE'] as const;
export const GENRE = ['M', 'F'] as const;

export type ObtentionCertification = (typeof OBTENTION_CERTIFICATION)[number];
export type ModalitePassageExamen = (typeof MODALITE_PASSAGE_EXAMEN)[number];
export type NiveauCecrl = (typeof NIVEAU_CECRL)[number];
export type Mention = (typeof MENTION)[number];
export type ModaliteAcces = (typeof MODALITE_ACCES)[number];
export type VoieAccesVae = (typeof VOIE_ACCES_VAE)[number];
export type InitiativeInscription = (typeof INITIATIVE_INSCRIPTION)[number];
export type Genre = (typeof GENRE)[number];

/** The XSD's length limits, in characters. */
export const CPF_LIMITS = {
  idFlux: 50,
  idClient: 8,
  idContrat: 20,
  code: 100,
  idTechnique: 255,
  urlPreuve: 255,
  libelleOption: 255,
  codePostalCentreExamen: 9,
  scoring: 255,
  verbatim: 255,
  idDossier: 13,
  nomTitulaire: 30,
  prenom1Titulaire: 20,
  name: 60,
  codeInsee: 5,
  codePostal: 9,
  codePays: 3,
  libelle: 60,
} as const;

/** xsd:date and xsd:dateTime patterns only accept years 1900 to 2099; anneeNaissance the same range. */
export const CPF_YEARS = { min: 1900, max: 2099 } as const;
