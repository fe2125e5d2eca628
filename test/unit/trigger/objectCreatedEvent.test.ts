import { NotAnObjectCreatedEvent, decodeEventKey, uploadFromMessageBody } from '../../../lambdas/trigger/objectCreatedEvent';

describe('reading S3 object-created events from the upload queue', () => {
  it('takes bucket, key, version, sequencer and time from the EventBridge event', () => {
    const body = JSON.stringify({
      source: 'aws.s3',
      'detail-type': 'Object Created',
      time: '2026-03-02T15:04:05Z',
      detail: { bucket: { name: 'b' }, object: { key: 'cases/u%40firm.ca/c1/audit.json', 'version-id': 'v1', sequencer: '00A1' } },
    });
    expect(uploadFromMessageBody(body)).toEqual({ bucket: 'b', key: 'cases/u@firm.ca/c1/audit.json', versionId: 'v1', sequencer: '00A1', eventTime: '2026-03-02T15:04:05Z' });
  });

  it('decodes S3’s URL encoding and leaves plain keys alone', () => {
    expect(decodeEventKey('cases/a/b/audit.json')).toBe('cases/a/b/audit.json');
    expect(decodeEventKey('cases/a+b/c%2Bd/audit.json')).toBe('cases/a b/c+d/audit.json');
    expect(decodeEventKey('cases/%E0%A4%A/x')).toBe('cases/%E0%A4%A/x');
  });

  it('refuses anything else, saying what it is', () => {
    expect(() => uploadFromMessageBody('[')).toThrow(new NotAnObjectCreatedEvent('the message body is not JSON'));
    expect(() => uploadFromMessageBody(JSON.stringify({ source: 'aws.s3', 'detail-type': 'Object Deleted', detail: {} }))).toThrow(/detail-type/);
  });
});
