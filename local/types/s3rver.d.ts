/** Types for s3rver 3 (it ships none): the options and methods we use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver {
    constructor(options?: S3rverOptions);
    /** The file store requests use (replaced by local/s3AtomicStore.ts); `context.store` is the same. */
    store: unknown;
    context: { store: unknown };
    /** Set once run() has started listening. */
    httpServer?: import('node:http').Server;
    run(): Promise<import('node:net').AddressInfo>;
    /** The request listener run() installs (s3rver is a Koa application). */
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    close(): Promise<void>;
  }
  export = S3rver;
}

/** s3rver's file store (lib/stores/filesystem.js): the methods local/s3AtomicStore.ts replaces or uses. */
declare module 's3rver/lib/stores/filesystem' {
  class FilesystemStore {
    constructor(rootDirectory: string);
    readonly rootDirectory: string;
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
    putMetadata(bucket: string, key: string, metadata: Record<string, unknown>, md5?: string): Promise<void>;
    putObject(object: { bucket: string; key: string; content: Buffer | import('node:stream').Readable; metadata: Record<string, unknown> }): Promise<{ size: number; md5: string }>;
    putPart(bucket: string, uploadId: string, partNumber: number, content: import('node:stream').Readable): Promise<{ size: number; md5: string }>;
    initiateUpload(bucket: string, key: string, uploadId: string, metadata: Record<string, unknown>): Promise<void>;
  }
  export = FilesystemStore;
}

/** s3rver's error (lib/models/error.js): rendered as S3's XML error with its status. */
declare module 's3rver/lib/models/error' {
  class S3Error extends Error {
    constructor(code: string, message: string, detail?: Record<string, unknown>);
    code: string;
    status: number;
    toXML(): string;
  }
  export = S3Error;
}

/** s3rver's accounts (lib/models/account.js): the access keys its own middleware knows. */
declare module 's3rver/lib/models/account' {
  class AWSAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
    static registry: Map<string, AWSAccount>;
    static DUMMY_ACCOUNT: AWSAccount;
  }
  export = AWSAccount;
}
