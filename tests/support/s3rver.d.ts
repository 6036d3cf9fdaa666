// s3rver 3.7 ships no types; tests/support/s3Server.ts types the calls it makes
declare module 's3rver' {
  const S3rver: unknown;
  export default S3rver;
}
