import { NotAnObjectCreatedEvent, decodeEventKey, uploadFromMessageBody } from '../../../lambdas/trigger/objectCreatedEvent';
import { handler } from '../../../lambdas/trigger/handler';
import { localContext } from '../../../local/handlerRegistry';
import { s3ObjectCreatedEvent } from '../../fixtures/awsEvents';

describe('reading S3 object-created events from the upload queue', () => {
  it('takes bucket, key, version, sequencer and time from the EventBridge event', () => {
    const body = JSON.stringify(s3ObjectCreatedEvent('b', 'cases/u%40firm.ca/c1/audit.json', { versionId: 'v1', sequencer: '00A1', time: '2026-03-02T15:04:05Z' }));
    expect(uploadFromMessageBody(body)).toEqual({ bucket: 'b', key: 'cases/u@firm.ca/c1/audit.json', versionId: 'v1', sequencer: '00A1', eventTime: '2026-03-02T15:04:05Z' });
  });

  it('reads an upload made over IPv6 (S3 names the client’s address, which the trigger does not use)', () => {
    const body = JSON.stringify(s3ObjectCreatedEvent('b', 'cases/u/c1/audit.json', { sourceIp: '2001:db8::7' }));
    expect(uploadFromMessageBody(body)).toMatchObject({ bucket: 'b', key: 'cases/u/c1/audit.json' });
  });

  it('decodes S3’s URL encoding and leaves plain keys alone', () => {
    expect(decodeEventKey('cases/a/b/audit.json')).toBe('cases/a/b/audit.json');
    expect(decodeEventKey('cases/a+b/c%2Bd/audit.json')).toBe('cases/a b/c+d/audit.json');
    expect(decodeEventKey('cases/%E0%A4%A/x')).toBe('cases/%E0%A4%A/x');
  });

  it('refuses anything else, saying what it is', () => {
    expect(() => uploadFromMessageBody('[')).toThrow(new NotAnObjectCreatedEvent('the message body is not JSON'));
    expect(() => uploadFromMessageBody(JSON.stringify({ source: 'aws.s3', 'detail-type': 'Object Deleted', detail: {} }))).toThrow(/detail-type/);
    const deleted = { ...s3ObjectCreatedEvent('b', 'cases/u/c1/audit.json'), 'detail-type': 'Object Deleted' };
    expect(() => uploadFromMessageBody(JSON.stringify(deleted))).toThrow(/^the message is not an S3 Object Created event: detail-type: /);
    const noKey = s3ObjectCreatedEvent('b', '');
    expect(() => uploadFromMessageBody(JSON.stringify(noKey))).toThrow(/detail\.object\.key/);
  });

  it('refuses an event that is not an SQS batch before starting anything (the whole invocation fails)', async () => {
    await expect(handler({ Records: [{ messageId: 'm1', body: '{}' }] }, localContext('start-audit', 120_000) as never)).rejects.toThrow(/receiptHandle/);
  });
});
