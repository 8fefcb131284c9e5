import { escapeXml } from '../util/xml.js';
import type { EmitContext } from './context.js';
import type { OutputFile } from './output.js';
import { premiumOffer } from './helpers/resource-json.js';

/**
 * /license.xml in RSL 1.0 (namespace https://rslstandard.org/rsl). Premium resources come first with
 * their purchase terms; then the whole site: free use for the permitted usages, and a paid corpus
 * license for training.
 */
export function licenseXml(context: EmitContext): string {
  const { site } = context.model;
  const { urls } = context;
  const corpus = site.pricing.tiers.find((tier) => tier.id === 'corpus');
  const copyrightAttributes = [
    'type="organization"',
    ...(site.publisher.email ? [`contactEmail="${escapeXml(site.publisher.email)}"`] : []),
    ...(site.publisher.url ? [`contactUrl="${escapeXml(site.publisher.url)}"`] : []),
  ].join(' ');
  const copyright = `    <copyright ${copyrightAttributes}>${escapeXml(site.license.copyright ?? site.publisher.name)}</copyright>`;
  const usage = [
    `      <permits type="usage">${site.license.permits.join(' ')}</permits>`,
    ...(site.license.prohibits.length
      ? [`      <prohibits type="usage">${site.license.prohibits.join(' ')}</prohibits>`]
      : []),
  ];
  const terms = `    <terms>${escapeXml(site.license.terms_url ?? urls.terms)}</terms>`;

  const paid = (type: 'purchase' | 'training', permits: string[], url: string, currency: string, price: number) => [
    '    <license>',
    ...permits,
    `      <payment type="${type}">`,
    `        <custom>${escapeXml(url)}</custom>`,
    `        <amount currency="${currency}">${price}</amount>`,
    '      </payment>',
    '    </license>',
  ];

  const premium = context.model.resources
    .filter((resource) => resource.premium)
    .map((resource) => {
      const offer = premiumOffer(resource, context);
      return [
        `  <content url="/resources/${resource.slug}">`,
        ...paid('purchase', usage, offer.checkout_url, offer.currency, offer.price),
        copyright,
        terms,
        '  </content>',
      ].join('\n');
    });

  const whole = [
    '  <content url="/">',
    '    <license>',
    ...usage,
    '    </license>',
    ...(corpus
      ? paid(
          'training',
          ['      <permits type="usage">all</permits>'],
          corpus.checkout_url ?? site.pricing.payment_url,
          corpus.currency,
          corpus.price,
        )
      : []),
    copyright,
    terms,
    '  </content>',
  ].join('\n');

  return `<?xml version="1.0" encoding="UTF-8"?>\n<rsl xmlns="https://rslstandard.org/rsl">\n${[...premium, whole].join('\n')}\n</rsl>\n`;
}

export function emitLicense(context: EmitContext): OutputFile[] {
  return [{ path: 'public/license.xml', content: licenseXml(context) }];
}
