export const USAGE = `Usage:
  case-audit run <caseDir> [--workflow TYPE] [--tier guest|pro|ultra] [--model none|bedrock|openai:URL#MODEL] [--gates live|demo] [--review off] [--ocr off|local|textract] [--out DIR] [--json]
  case-audit list [--json]
  case-audit status <auditId> [--json]
  case-audit review <auditId> --approve | --return STAGE [--note TEXT] [--out DIR] [--json]
  case-audit resume <auditId> [--ocr off|local|textract] [--out DIR] [--json]
  case-audit report <auditId> [--format md|pdf|json] [--out DIR] [--json]
  case-audit serve [--port N]
  case-audit workflows

Audits a folder of case documents on this machine (embedded local AWS runtime; data in .case-audit/,
or CASE_AUDIT_HOME). Several commands may use one data folder at once.
  --workflow  risk-audit, initial-assessment, final-review, refusal-analysis, document-list, client-guidance
              (default: the folder's audit.json, else risk-audit)
  --tier      guest (default), pro or ultra
  --model     none (default: rules only), bedrock (Amazon Bedrock, a model per agent), or
              openai:<baseUrl>#<model> for an OpenAI-compatible endpoint (e.g. a local Ollama);
              see docs/models.md
  --gates     live (default: a failed check retries the stage once, then stops the audit) or demo (warn and go on)
  --review    off: never hold this audit for a reviewer (default: audits whose outcome matches the tier's
              review policy, e.g. HIGH-RISK, NO-GO, ABANDON, INCOMPLETE or a critical finding, wait with
              status AWAITING_REVIEW and exit 4 until case-audit review decides)
  --approve   review: approve the audit; its report is rendered (with --note, the note is in it)
  --return    review: send the audit back to this stage; --note carries the instructions it receives (once)
  --ocr       how scanned pages and images are read: local (default when installed: Tesseract on this
              machine, English and French), textract (Amazon Textract, your AWS credentials) or off
  --out       where to copy the reports (default ./case-audit-reports/<caseId>/)
  --json      print the result as one JSON object on stdout
  --format    report: only this file (default: report.md, report.pdf and bundle.json)
  --port      serve: the API's port on 127.0.0.1 (default 8787; 0 picks a free one)
Exit codes: 0 succeeded, 1 failed, 2 bad arguments or input, 3 incomplete (manual review required)
or the review period expired, 4 awaiting a reviewer (case-audit review <auditId> --approve …).`;
