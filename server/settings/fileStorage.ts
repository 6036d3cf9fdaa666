/** S3_URL and friends (docs/deploy.md): any S3-compatible object store, one bucket, optional key prefix. */
export interface S3Settings {
  /** the endpoint, e.g. https://s3.eu-west-3.amazonaws.com or http://minio.internal:9000 */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (http://host/bucket/key) rather than in the host name: what most self-hosted stores need */
  forcePathStyle: boolean;
  /** prepended to every key, e.g. "laurel/" to share a bucket */
  prefix: string;
}
