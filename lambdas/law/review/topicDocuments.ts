/** Topic → the document types that speak to it (`topicDocuments.json`). */
import * as z from 'zod';
import { DocumentType } from '../../contracts/documentTypes';
import raw from './topicDocuments.json';

const TopicDocumentsFile = z.strictObject({ $comment: z.string().optional(), topics: z.record(z.string(), z.array(DocumentType).min(1)) });
const topics = TopicDocumentsFile.parse(raw).topics;

/** The document types for an officer's topic (empty for a topic the table does not know). */
export const documentTypesFor = (topic: string): readonly DocumentType[] => topics[topic.toLowerCase()] ?? [];

export const knownTopics = (): string[] => Object.keys(topics);
