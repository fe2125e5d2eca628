/** Place names the finders need: Canada and its main cities and provinces, and countries for travel history. */

export const CANADIAN_PLACE =
  /\b(?:Canada|Toronto|Vancouver|Montr[ée]al|Calgary|Edmonton|Ottawa|Winnipeg|Halifax|Qu[ée]bec|Saskatoon|Regina|Kitchener|Waterloo|Mississauga|Brampton|Surrey|Hamilton|Victoria|Windsor|Moncton|Fredericton|Charlottetown|Ontario|British Columbia|Alberta|Manitoba|Saskatchewan|Nova Scotia|New Brunswick|Newfoundland)\b/;

/** Destinations whose visas are commonly read as a record of compliance with strict visa regimes. */
export const SIGNIFICANT_DESTINATIONS: Array<[string, RegExp]> = [
  ['United States', /\b(?:United States|U\.S\.A?\.?|USA|[ÉE]tats-Unis)\b/],
  ['United Kingdom', /\b(?:United Kingdom|U\.K\.|UK|England|Scotland|Royaume-Uni)\b/],
  ['Schengen area', /\b(?:Schengen|France|Germany|Allemagne|Italy|Italie|Spain|Espagne|Portugal|Netherlands|Pays-Bas|Belgium|Belgique|Switzerland|Suisse|Austria|Autriche|Sweden|Su[èe]de|Norway|Norv[èe]ge|Denmark|Danemark|Finland|Finlande|Greece|Gr[èe]ce|Poland|Pologne|Czech Republic|Hungary)\b/],
  ['Ireland', /\b(?:Ireland|Irlande)\b/],
  ['Australia', /\b(?:Australia|Australie)\b/],
  ['New Zealand', /\b(?:New Zealand|Nouvelle-Z[ée]lande)\b/],
  ['Japan', /\b(?:Japan|Japon)\b/],
  ['South Korea', /\b(?:South Korea|Korea|Cor[ée]e du Sud)\b/],
  ['Canada', /\bCanada\b/],
];

/** Other destinations (enough to recognise a line of a travel history). */
export const OTHER_DESTINATIONS =
  /\b(?:United Arab Emirates|UAE|Dubai|Qatar|Saudi Arabia|Oman|Bahrain|Kuwait|Turkey|Turquie|Egypt|[ÉE]gypte|Morocco|Maroc|Tunisia|Tunisie|Algeria|South Africa|Afrique du Sud|Tanzania|Tanzanie|Uganda|Ouganda|Kenya|Rwanda|Ethiopia|[ÉE]thiopie|Nigeria|Ghana|Togo|Benin|B[ée]nin|C[ôo]te d'Ivoire|Senegal|S[ée]n[ée]gal|Cameroon|Cameroun|India|Inde|China|Chine|Hong Kong|Taiwan|Thailand|Tha[ïi]lande|Malaysia|Malaisie|Singapore|Singapour|Indonesia|Indon[ée]sie|Philippines|Vietnam|Viet Nam|Sri Lanka|Nepal|N[ée]pal|Bangladesh|Pakistan|Mexico|Mexique|Brazil|Br[ée]sil|Argentina|Argentine|Chile|Chili|Peru|P[ée]rou|Colombia|Colombie|Cuba|Jamaica|Jama[ïi]que|Dominican Republic)\b/;
