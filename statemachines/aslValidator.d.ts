declare module 'asl-validator' {
  interface ValidationResult {
    isValid: boolean;
    errors: unknown[];
    errorsText(separator?: string): string;
  }
  function aslValidator(definition: unknown, opts?: { checkPaths?: boolean; checkArn?: boolean }): ValidationResult;
  export = aslValidator;
}
