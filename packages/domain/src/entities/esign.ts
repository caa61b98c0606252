import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Esign = defineEntity({
  name: 'Esign',
  plural: 'Esigns',
  domainId: 'esignId',
  titleField: 'esign_template_ipu',
  fields: [
    field('buyerId', 'ref', 'General', { ref: 'Buyer' }),
    field('supplierId', 'ref', 'General', { ref: 'Supplier' }),
    field('investorId', 'ref', 'General', { ref: 'Investor' }),
    field('spvId', 'ref', 'General', { ref: 'Spv' }),
    field('esign_template_ipu', 'text', 'General', {
      label: 'IPU template',
      help: 'the IPU template at the e-signature provider',
    }),
    field('ipu_buyer_action_id', 'text', 'General', {
      label: 'IPU buyer signer',
      help: 'the buyer’s signing step in the IPU template',
    }),
    field('ipu_supplier_action_id', 'text', 'General', {
      label: 'IPU supplier signer',
      help: 'the supplier’s signing step in the IPU template',
    }),
    field('esign_template_offer', 'text', 'General', {
      label: 'Offer notice template',
      help: 'the offer-notice template at the e-signature provider',
    }),
    field('offer_supplier_action_id', 'text', 'General', {
      label: 'Offer notice supplier signer',
      help: 'the supplier’s signing step in the offer-notice template',
    }),
    field('esign_template_raa_offer', 'text', 'General', {
      label: 'RAA offer notice template',
      help: 'the RAA offer-notice template at the e-signature provider',
    }),
    field('raa_offer_oc_action_id', 'text', 'General', {
      label: 'RAA first platform signer',
      help: 'the first platform signatory’s step in the RAA template',
    }),
    field('raa_offer_oc2_action_id', 'text', 'General', {
      label: 'RAA second platform signer',
      help: 'the second platform signatory’s step in the RAA template',
    }),
    field('raa_offer_investor_action_id', 'text', 'General', {
      label: 'RAA investor signer',
      help: 'the investor’s signing step in the RAA template',
    }),
  ],
});
