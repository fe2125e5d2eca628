import {
  AuditRequestLayer,
  InvalidAuditRequest,
  parseAuditRequest,
  readAuditRequestFile,
  resolveAuditRequest,
  validateAuditRequest,
} from '../../../lambdas/core/audit/auditRequest';

const TIER_PROBLEM = 'tier must be one of guest, pro, ultra';

/** The InvalidAuditRequest thrown by `run`, for assertions on its message and issues. */
function rejection(run: () => unknown): InvalidAuditRequest {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidAuditRequest);
    return e as InvalidAuditRequest;
  }
  throw new Error('expected an InvalidAuditRequest, but nothing was thrown');
}

const fileMessage = (text: string) => rejection(() => readAuditRequestFile(text, 'audit.json')).message;

/** The layers the CLI builds: derived defaults < audit.json < one layer per flag. */
function cliLayers(file: string | undefined, flags: { workflow?: string; tier?: string; model?: string } = {}): AuditRequestLayer[] {
  return [
    { kind: 'defaults', values: { caseId: 'folder-name', workflowType: 'document-list' } },
    { kind: 'file', source: 'audit.json', values: file === undefined ? undefined : readAuditRequestFile(file, 'audit.json') },
    { kind: 'option', source: '--workflow', field: 'workflowType', value: flags.workflow },
    { kind: 'option', source: '--tier', field: 'tier', value: flags.tier },
    { kind: 'option', source: '--model', field: 'model', value: flags.model },
  ];
}

describe('reading the text of an audit.json', () => {
  it('returns the fields as written, leaving value checks to the merge', () => {
    expect(readAuditRequestFile('{"caseId": "mensah-2026", "tier": "platinum"}')).toEqual({ caseId: 'mensah-2026', tier: 'platinum' });
  });

  it('accepts a UTF-8 byte-order mark before the JSON', () => {
    expect(readAuditRequestFile('\uFEFF{"caseId": "c1", "workflowType": "document-list"}')).toEqual({ caseId: 'c1', workflowType: 'document-list' });
  });

  it('reports invalid JSON with the line and column where it breaks', () => {
    const text = '{\n  "caseId": "c1",\n  "tier": pro\n}';
    expect(fileMessage(text)).toBe('invalid audit.json: not valid JSON at line 3, column 11: expected a value, found "pro" (text values need double quotes)');
  });

  it.each([
    ['text that stops early', '{"caseId": "c1",', 'line 1, column 17: the text ends before the JSON is complete'],
    ['a comma after the last entry', '{"caseId": "c1",}', 'line 1, column 17: expected a key after ","; remove the comma before "}"'],
    ['a key without quotes', '{caseId: "c1"}', 'line 1, column 2: expected a key in double quotes'],
    ['a missing colon', '{"caseId" "c1"}', 'line 1, column 11: expected ":" after the key'],
    ['a missing comma', '{"caseId": "c1" "tier": "pro"}', 'line 1, column 17: expected "," or "}" after the value'],
    ['text after the object', '{"caseId": "c1"} {}', 'line 1, column 18: unexpected text after the end of the JSON value'],
  ])('locates %s', (_what, text, where) => {
    expect(fileMessage(text)).toBe(`invalid audit.json: not valid JSON at ${where}`);
  });

  it('keeps the message on one line when the broken text spans several', () => {
    const message = fileMessage('{\n  "caseId": "line one\nline two"\n}');
    expect(message).toBe(
      'invalid audit.json: not valid JSON at line 2, column 22: a line break or other control character inside a string (write it as an escape such as \\n)',
    );
    expect(message).not.toContain('\n');
  });

  it('counts columns after the byte-order mark as an editor shows them', () => {
    expect(fileMessage('\uFEFF{"caseId" "c1"}')).toContain('at line 1, column 11:');
  });

  it('says so when the file is empty', () => {
    expect(fileMessage('  \n')).toBe('invalid audit.json: not valid JSON: the text is empty');
  });

  it.each([
    ['an array', '[{"caseId": "c1"}]'],
    ['a string', '"c1"'],
    ['a number', '42'],
    ['null', 'null'],
    ['true', 'true'],
  ])('rejects JSON that is %s rather than an object', (found, text) => {
    expect(fileMessage(text)).toBe(
      `invalid audit.json: expected a JSON object like {"caseId": "...", "workflowType": "document-list", "tier": "guest"}, found ${found}`,
    );
  });

  it('rejects an unknown key and suggests the field it is close to', () => {
    expect(fileMessage('{"caseId": "c1", "workflowType": "document-list", "teir": "pro"}')).toBe(
      'invalid audit.json: unknown key "teir" (did you mean "tier"?)',
    );
  });

  it.each([
    ['CaseID', 'caseId'],
    ['workflow_type', 'workflowType'],
    ['Tier', 'tier'],
    ['modle', 'model'],
    ['gatemode', 'gateMode'],
    ['workflow', 'workflowType'],
  ])('suggests a field for the near miss "%s"', (key, field) => {
    expect(fileMessage(JSON.stringify({ [key]: 'x' }))).toBe(`invalid audit.json: unknown key "${key}" (did you mean "${field}"?)`);
  });

  it('names an unknown key without a suggestion when no field is close', () => {
    expect(fileMessage('{"caseId": "c1", "priority": "high"}')).toBe('invalid audit.json: unknown key "priority"');
  });

  it('names every unknown key in one message, in the order written', () => {
    expect(fileMessage('{"teir": "pro", "notes": "call client", "caseid": "c1"}')).toBe(
      'invalid audit.json: unknown key "teir" (did you mean "tier"?); unknown key "notes"; unknown key "caseid" (did you mean "caseId"?)',
    );
  });

  it('names the first ten unknown keys and counts the rest', () => {
    const keys = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`extra${i}`, i]));
    const message = fileMessage(JSON.stringify(keys));
    expect(message).toContain('unknown key "extra9"');
    expect(message).not.toContain('"extra10"');
    expect(message).toMatch(/; and 3 more unknown keys$/);
  });

  it('quotes unknown keys so the message stays one short line', () => {
    const message = fileMessage(JSON.stringify({ 'two\nlines': 1, ['k'.repeat(500)]: 2 }));
    expect(message).toContain('unknown key "two\\nlines"');
    expect(message).toContain(`unknown key "${'k'.repeat(40)}…"`);
    expect(message).not.toContain('\n');
  });

  it('rejects a key written twice rather than silently keeping the last', () => {
    expect(fileMessage('{"caseId": "c1", "tier": "pro", "tier": "ultra"}')).toBe('invalid audit.json: key "tier" appears more than once');
  });

  it('does not mistake the same key inside a nested value for a duplicate', () => {
    expect(readAuditRequestFile('{"caseId": {"tier": 1}, "tier": "pro"}')).toEqual({ caseId: { tier: 1 }, tier: 'pro' });
  });

  it('names the source it was given, so an S3 object can be named by its key', () => {
    const error = rejection(() => readAuditRequestFile('{"teir": "pro"}', 'cases/local/c1/audit.json'));
    expect(error.message).toBe('invalid cases/local/c1/audit.json: unknown key "teir" (did you mean "tier"?)');
    expect(error.issues).toEqual([{ source: 'cases/local/c1/audit.json', field: 'teir', problem: 'unknown key "teir" (did you mean "tier"?)' }]);
  });
});

describe('resolving a request from defaults, audit.json and command-line options', () => {
  it('lets options complete a partial audit.json', () => {
    const layers: AuditRequestLayer[] = [
      { kind: 'file', source: 'audit.json', values: readAuditRequestFile('{"caseId": "c1"}') },
      { kind: 'option', source: '--workflow', field: 'workflowType', value: 'document-list' },
    ];
    expect(resolveAuditRequest(layers)).toEqual({ caseId: 'c1', workflowType: 'document-list', tier: 'guest', model: 'none', gateMode: 'live' });
  });

  it('lets an option override a value from audit.json', () => {
    const request = resolveAuditRequest(cliLayers('{"caseId": "c1", "workflowType": "client-guidance", "tier": "pro"}', { tier: 'ultra' }));
    expect(request).toMatchObject({ caseId: 'c1', workflowType: 'client-guidance', tier: 'ultra' });
  });

  it('lets audit.json override the derived defaults', () => {
    expect(resolveAuditRequest(cliLayers('{"caseId": "mensah-2026"}'))).toMatchObject({ caseId: 'mensah-2026', workflowType: 'document-list' });
  });

  it('uses the derived defaults when there is no audit.json', () => {
    expect(resolveAuditRequest(cliLayers(undefined))).toEqual({
      caseId: 'folder-name',
      workflowType: 'document-list',
      tier: 'guest',
      model: 'none',
      gateMode: 'live',
    });
  });

  it('treats an option that was not passed as absent, keeping the value from audit.json', () => {
    expect(resolveAuditRequest(cliLayers('{"tier": "pro"}', { tier: undefined })).tier).toBe('pro');
  });

  it('names audit.json when the bad tier came from the file', () => {
    const error = rejection(() => resolveAuditRequest(cliLayers('{"caseId": "c1", "tier": "platinum"}')));
    expect(error.message).toBe(`invalid audit.json: ${TIER_PROBLEM}`);
  });

  it('names --tier when the bad tier came from the flag', () => {
    const error = rejection(() => resolveAuditRequest(cliLayers('{"caseId": "c1", "tier": "pro"}', { tier: 'gold' })));
    expect(error.message).toBe(`invalid --tier: ${TIER_PROBLEM}`);
  });

  it('checks only the values that take effect: a bad tier in audit.json replaced by --tier is no error', () => {
    expect(resolveAuditRequest(cliLayers('{"tier": "platinum"}', { tier: 'pro' })).tier).toBe('pro');
  });

  it('names each source once, followed by its problems, when values from several sources are wrong', () => {
    const error = rejection(() =>
      resolveAuditRequest(cliLayers('{"caseId": "c 1", "tier": "platinum"}', { workflow: 'full-audit', model: 'gpt' })),
    );
    expect(error.message).toBe(
      `invalid audit.json: caseId may use letters, digits, ".", "_" and "-" only (at most 128 characters); ${TIER_PROBLEM}; ` +
        'invalid --workflow: workflowType must be one of risk-audit, initial-assessment, final-review, refusal-analysis, document-list, client-guidance; ' +
        'invalid --model: model must be one of none, bedrock',
    );
    expect(error.issues.map((i) => i.source)).toEqual(['audit.json', '--workflow', 'audit.json', '--model']);
  });

  it('says where a missing workflow can be set', () => {
    const layers: AuditRequestLayer[] = [
      { kind: 'defaults', values: { caseId: 'folder-name' } },
      { kind: 'file', source: 'audit.json', values: readAuditRequestFile('{"tier": "pro"}') },
      { kind: 'option', source: '--workflow', field: 'workflowType', value: undefined },
      { kind: 'option', source: '--tier', field: 'tier', value: undefined },
    ];
    expect(rejection(() => resolveAuditRequest(layers)).message).toBe(
      'invalid audit.json: workflowType is missing: set it in audit.json or pass --workflow',
    );
  });

  it('blames the request as a whole for a missing value when there is no audit.json to blame', () => {
    const layers: AuditRequestLayer[] = [
      { kind: 'defaults', values: { caseId: 'folder-name', workflowType: undefined } },
      { kind: 'file', source: 'audit.json', values: undefined },
      { kind: 'option', source: '--workflow', field: 'workflowType', value: undefined },
    ];
    expect(rejection(() => resolveAuditRequest(layers)).message).toBe(
      'invalid audit request: workflowType is missing: set it in audit.json or pass --workflow',
    );
  });

  it('names a default value that is itself invalid', () => {
    const layers: AuditRequestLayer[] = [{ kind: 'defaults', values: { caseId: '', workflowType: 'document-list' } }];
    expect(rejection(() => resolveAuditRequest(layers)).message).toMatch(/^invalid default value: caseId may use letters/);
  });
});

describe('single-source entry points kept for existing callers', () => {
  it.each([
    ['an unknown tier', '{"caseId":"c1","workflowType":"document-list","tier":"platinum"}', `invalid audit.json: ${TIER_PROBLEM}`],
    [
      'an unknown workflow',
      '{"caseId":"c1","workflowType":"full-audit"}',
      'invalid audit.json: workflowType must be one of risk-audit, initial-assessment, final-review, refusal-analysis, document-list, client-guidance',
    ],
    ['a missing caseId', '{"workflowType":"document-list"}', 'invalid audit.json: caseId is missing: set it in audit.json'],
    ['invalid JSON', '{"caseId": "c1",', 'invalid audit.json: not valid JSON at line 1, column 17'],
    ['an unknown key', '{"caseId":"c1","workflowType":"document-list","teir":"pro"}', 'invalid audit.json: unknown key "teir" (did you mean "tier"?)'],
  ])('parseAuditRequest rejects %s as the CLI reports it', (_what, text, message) => {
    expect(rejection(() => parseAuditRequest(text)).message).toContain(message);
  });

  it('parseAuditRequest accepts a complete audit.json with a byte-order mark', () => {
    expect(parseAuditRequest('\uFEFF{"caseId":"mensah-2026","workflowType":"document-list","tier":"guest"}')).toEqual({
      caseId: 'mensah-2026',
      workflowType: 'document-list',
      tier: 'guest',
      model: 'none',
      gateMode: 'live',
    });
  });

  it('validateAuditRequest checks an object already parsed, unknown keys included', () => {
    expect(validateAuditRequest({ caseId: 'c1', workflowType: 'client-guidance', tier: 'pro' }).tier).toBe('pro');
    expect(rejection(() => validateAuditRequest({ caseId: 'c1', workflowType: 'client-guidance', teir: 'pro' })).message).toBe(
      'invalid audit.json: unknown key "teir" (did you mean "tier"?)',
    );
    expect(rejection(() => validateAuditRequest([], 'request body')).message).toMatch(/^invalid request body: expected a JSON object/);
  });

  it('InvalidAuditRequest built from one source and its problems keeps the message format', () => {
    const error = new InvalidAuditRequest('audit.json', ['caseId is missing', TIER_PROBLEM]);
    expect(error.message).toBe(`invalid audit.json: caseId is missing; ${TIER_PROBLEM}`);
    expect(error.source).toBe('audit.json');
    expect(error.problems).toEqual(['caseId is missing', TIER_PROBLEM]);
    expect(error.name).toBe('InvalidAuditRequest');
  });
});
