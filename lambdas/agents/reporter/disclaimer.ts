/** Opens every report (DESIGN §4). Same meaning as the seed's disclaimer, in our words. */
export const DISCLAIMER =
  'This report is a risk assessment grounded in historical Federal Court jurisprudence. ' +
  'It does not predict the outcome of any application and does not guarantee that a visa or permit will be issued; ' +
  'immigration officers keep their discretion. Case Audit assesses judicial defensibility only, and this report is not legal advice.';
