import type { ApiResponse } from './apiMessages';

/** An error the API reports to the caller as is: status, a code, and a message saying what to do. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The request fields at fault (400s). */
    readonly fields: readonly string[] = [],
  ) {
    super(message);
    this.name = code;
  }

  toResponse(): ApiResponse {
    return {
      statusCode: this.statusCode,
      body: { error: this.code, message: this.message, ...(this.fields.length ? { fields: [...this.fields] } : {}) },
    };
  }
}

export class InvalidRequest extends ApiError {
  constructor(message: string, fields: readonly string[] = []) {
    super(400, 'InvalidRequest', message, fields);
  }
}

export class Unauthenticated extends ApiError {
  constructor() {
    super(401, 'Unauthenticated', 'the request carries no authenticated caller: sign in and send the token in the Authorization header');
  }
}

/** Also what another owner's audit looks like: the API never says whether someone else's id exists. */
export class NotFound extends ApiError {
  constructor(message: string) {
    super(404, 'NotFound', message);
  }
}

export class Conflict extends ApiError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}

export class RouteNotFound extends ApiError {
  constructor(method: string, path: string) {
    super(404, 'RouteNotFound', `no route for ${method} ${path}`);
  }
}

export class MethodNotAllowed extends ApiError {
  constructor(method: string, path: string, readonly allowed: readonly string[]) {
    super(405, 'MethodNotAllowed', `${method} is not allowed on ${path}; use ${allowed.join(' or ')}`);
  }
}
