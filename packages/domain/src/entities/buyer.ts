import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Buyer = defineEntity({
  name: 'Buyer',
  plural: 'Buyers',
  domainId: 'buyerId',
  titleField: 'buyer_name',
  fields: [
    field('supplierId', 'ref', 'Ids', {
      ref: 'Supplier',
      help: 'the supplier whose credit line this is',
      required: true,
    }),
    field('investorId', 'ref', 'Ids', { ref: 'Investor', help: 'funding investor' }),
    field('brokerId', 'ref', 'Ids', { ref: 'Broker' }),
    field('spvId', 'ref', 'Ids', { ref: 'Spv' }),
    field('buyer_name', 'text', 'Identity and contact', { help: 'exact legal name', required: true }),
    field('buyer_trading_name', 'text', 'Identity and contact'),
    field('buyer_country', 'country', 'Identity and contact'),
    field('buyer_address_street', 'text', 'Identity and contact'),
    field('buyer_address_number', 'text', 'Identity and contact'),
    field('buyer_address_city', 'text', 'Identity and contact'),
    field('buyer_address_postalcode', 'text', 'Identity and contact'),
    field('buyer_address_refinment', 'text', 'Identity and contact', { label: 'Address line 2' }),
    field('buyer_contact_name', 'text', 'Identity and contact'),
    field('buyer_contact_email', 'email', 'Identity and contact', { help: 'main contact' }),
    field('buyer_contact_phone', 'phone', 'Identity and contact'),
    field('buyer_contact_position', 'text', 'Identity and contact'),
    field('buyer_website', 'url', 'Identity and contact'),
    field('buyer_currency', 'currency', 'Identity and contact', {
      help: 'the currency the buyer is invoiced in',
    }),
    field('buyer_description', 'longtext', 'Identity and contact'),
    field('buyer_logo', 'attachment', 'Identity and contact'),
    field('buyer_duns_number', 'text', 'Identity and contact', { help: 'D-U-N-S number' }),
    field('buyer_country_year_of_rating_downgrade', 'integer', 'Country and incorporation', {
      help: 'year of the last sovereign rating downgrade',
    }),
    field('buyer_country_year_of_rating_downgrade_risk', 'risk', 'Country and incorporation'),
    field('buyer_date_of_incorporation', 'date', 'Country and incorporation'),
    field('buyer_date_of_incorporation_risk', 'risk', 'Country and incorporation'),
    field('buyer_existing_disputes', 'boolean', 'Disputes and insurance', {
      help: 'any open disputes with the buyer',
    }),
    field('buyer_existing_disputes_risk', 'risk', 'Disputes and insurance'),
    field('buyer_existing_disputes_source', 'text', 'Disputes and insurance', {
      help: 'where the dispute information came from',
    }),
    field('buyer_insurance_name', 'text', 'Disputes and insurance', { help: 'credit insurer, if any' }),
    field('buyer_insurance_rating', 'text', 'Disputes and insurance', {
      help: "insurer's rating of the buyer",
    }),
    field('buyer_insurance_status', 'enum', 'Disputes and insurance', {
      values: ['insurable-avg-price', 'insurable-above-avg-price', 'not-insurable'],
      valueLabels: {
        'insurable-avg-price': 'Insurable at an average price',
        'insurable-above-avg-price': 'Insurable at an above-average price',
        'not-insurable': 'Not insurable',
      },
      help: 'whether a credit insurer covers the buyer',
    }),
    field('buyer_insurance_status_risk', 'risk', 'Disputes and insurance'),
    field('buyer_finance_department_contact_exists', 'boolean', 'Finance department and visits', {
      help: 'finance department contacted by call or e-mail',
    }),
    field('buyer_finance_department_contact_email', 'email', 'Finance department and visits'),
    field('buyer_field_visit_conducted', 'boolean', 'Finance department and visits'),
    field('buyer_incoterms', 'text', 'Goods and trade terms', {
      help: 'the Incoterms rule of the deliveries, e.g. FOB or CIF',
    }),
    field('buyer_industry', 'text', 'Goods and trade terms'),
    field('buyer_industry_code', 'text', 'Goods and trade terms'),
    field('buyer_payment_terms', 'enum', 'Goods and trade terms', {
      values: ['15', '30', '45', '60', '90', '120', '180'],
      valueLabels: {
        '15': '15 days',
        '30': '30 days',
        '45': '45 days',
        '60': '60 days',
        '90': '90 days',
        '120': '120 days',
        '180': '180 days',
      },
      help: 'days the buyer has to pay an invoice',
    }),
    field('buyer_sold_goods_description', 'longtext', 'Goods and trade terms', {
      help: 'goods or services sold',
    }),
    field('buyer_use_of_goods_purchased', 'enum', 'Goods and trade terms', {
      values: ['direct-resale', 'incorporation-into-product', 'other'],
      valueLabels: {
        'direct-resale': 'Direct resale',
        'incorporation-into-product': 'Incorporated into a product',
        other: 'Other',
      },
    }),
    field('buyer_use_of_goods_purchased_risk', 'risk', 'Goods and trade terms'),
    field('buyer_supplier_year_business_relation_started', 'integer', 'Goods and trade terms', {
      help: 'year',
    }),
    field('buyer_supplier_year_business_relation_started_risk', 'risk', 'Goods and trade terms'),
    field('buyer_invoices_paid_on_time', 'rate', 'Payment history', { help: '% of invoices' }),
    field('buyer_invoices_paid_on_time_risk', 'risk', 'Payment history'),
    field('buyer_invoices_past_due', 'rate', 'Payment history', { help: '% of invoices' }),
    field('buyer_invoices_past_due_30_days', 'rate', 'Payment history', { help: '%' }),
    field('buyer_invoices_past_due_30_days_risk', 'risk', 'Payment history'),
    field('buyer_invoices_past_due_60_days', 'rate', 'Payment history', { help: '%' }),
    field('buyer_invoices_past_due_60_days_risk', 'risk', 'Payment history'),
    field('buyer_invoices_past_due_90_days', 'rate', 'Payment history', { help: '%' }),
    field('buyer_loan_request_amount', 'money', 'Financing terms (credit limit)', {
      help: 'requested limit',
    }),
    field('buyer_loan_approved_amount', 'money', 'Financing terms (credit limit)', {
      help: 'approved limit',
    }),
    field('buyer_loan_advance_rate', 'rate', 'Financing terms (credit limit)', {
      help: '% of invoice paid out',
    }),
    field('buyer_loan_collateral', 'text', 'Financing terms (credit limit)'),
    field('buyer_loan_covenants', 'longtext', 'Financing terms (credit limit)'),
    field('buyer_loan_transaction_fee', 'rate', 'Financing terms (credit limit)', {
      help: 'the platform fee, as % of the spread amount; applies to each request on this line',
    }),
    field('buyer_loan_discount_fee', 'rate', 'Financing terms (credit limit)', {
      help: 'the spread, % a year over the base rate; applies to each request on this line',
    }),
    field('buyer_loan_spv_fee', 'rate', 'Financing terms (credit limit)', { help: 'SPV fee' }),
    field('buyer_loan_broker_fee', 'rate', 'Financing terms (credit limit)', {
      help: 'the broker’s share, as % of the transaction fee; applies to each request on this line',
    }),
    field('buyer_loan_purpose', 'text', 'Financing terms (credit limit)'),
    field('buyer_loan_rate', 'enum', 'Financing terms (credit limit)', {
      values: ['SOFR(Daily)', 'SOFR(1M)', 'SOFR(3M)', 'SOFR(6M)', 'SOFR(12M)'],
      valueLabels: {
        'SOFR(Daily)': 'SOFR overnight',
        'SOFR(1M)': 'Term SOFR 1 month',
        'SOFR(3M)': 'Term SOFR 3 months',
        'SOFR(6M)': 'Term SOFR 6 months',
        'SOFR(12M)': 'Term SOFR 12 months',
      },
      help: 'the base rate the line is priced on; applies to each request on this line',
    }),
    field('buyer_loan_type', 'text', 'Financing terms (credit limit)'),
    field('buyer_one_off_ipu_attachment', 'attachment', 'Financing terms (credit limit)', {
      help: 'an IPU (irrevocable payment undertaking) the buyer signed for the whole line',
    }),
    field('buyer_next_year_projected_transaction_amount', 'money', 'Transaction volumes'),
    field('buyer_next_year_projected_number_invoices', 'integer', 'Transaction volumes'),
    field('buyer_previous_year_transaction_amount', 'money', 'Transaction volumes'),
    field('buyer_previous_year_number_invoices', 'integer', 'Transaction volumes'),
    field('buyer_reporting_year', 'integer', 'Transaction volumes', { help: 'year' }),
    field('buyer_reporting_year_transaction_amount', 'money', 'Transaction volumes'),
    field('buyer_reporting_year_number_invoices', 'integer', 'Transaction volumes'),
    field('buyer_reporting_year_number_invoices_risk', 'risk', 'Transaction volumes'),
    field('buyer_status', 'enum', 'Status and attachments', {
      values: ['Under Review', 'Investor Offer Pending', 'Approved', 'Declined'],
      help: 'a new line starts Under Review',
    }),
    field('buyer_type', 'enum', 'Status and attachments', {
      values: ['Corporation', 'Limited Liability', 'Partnership', 'Sole Proprietorship'],
      help: 'legal form',
    }),
    field('buyer_sample_trading_docs_attachment', 'attachment', 'Status and attachments', {
      help: 'sample trading documents',
    }),
    field('buyer_registration_cert_attachment', 'attachment', 'Status and attachments'),
    field('buyer_shareholder_list_attachment', 'attachment', 'Status and attachments'),
    field('buyer_director_list_attachment', 'attachment', 'Status and attachments'),
    field('buyer_articles_of_association_attachment', 'attachment', 'Status and attachments'),
  ],
});
