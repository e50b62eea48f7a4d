import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Refund } from '@contract/money-desk';
import { exportPath } from './money-desk-api';
import { refundAmountRule, refundSentence } from './payment-actions';
import { PaymentStatusBadge, refundableKobo } from './payment-words';

const firstIssue = (text: string, max = 500_000) => {
  const result = refundAmountRule(max).safeParse(text);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the refund amount', () => {
  it('is typed in naira with kobo after the point, and at most what remains', () => {
    expect(firstIssue('1500.50')).toBeNull();
    expect(firstIssue('₦1,500.5')).toBeNull();
    expect(firstIssue('5000', 500_000)).toBeNull();
    expect(firstIssue('')).toMatch(/Enter the amount/);
    expect(firstIssue('15.505')).toMatch(/at most two digits/);
    expect(firstIssue('-3')).toMatch(/at most two digits/);
    expect(firstIssue('0.99')).toMatch(/at least ₦1.00/);
    expect(firstIssue('5000.01', 500_000)).toBe('At most ₦5,000 of this payment may still be refunded.');
  });

  it('is said back in naira, processed or waiting for the provider', () => {
    const refund: Refund = {
      id: 1,
      amountKobo: 150_050,
      status: 'pending',
      note: 'Asked by the donor.',
      adminEmail: 'admin@example.org',
      unitsReleased: false,
      providerRefundId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      processedAt: null,
    };
    expect(refundSentence('GOI-1', refund)).toMatch(
      /^Refund of ₦1,500\.50 of payment GOI-1 asked of the payment provider/,
    );
    expect(refundSentence('GOI-1', { ...refund, status: 'processed', unitsReleased: true })).toBe(
      'Refunded ₦1,500.50 of payment GOI-1. The donor is told by mail. Its units are free again for other donors.',
    );
  });

  it('is offered only for money that reached us, less what went back', () => {
    const row = {
      reference: 'GOI-1',
      donorEmail: 'a@example.org',
      donorName: 'A',
      channel: 'card',
      totalKobo: 10_000,
      feeKobo: 0,
      refundedKobo: 2_500,
      campaigns: [],
      attention: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      paidAt: '2026-01-01T10:01:00.000Z',
    };
    expect(refundableKobo({ ...row, status: 'refunded' })).toBe(7_500);
    expect(refundableKobo({ ...row, status: 'held' })).toBe(0);
    expect(refundableKobo({ ...row, status: 'lapsed' })).toBe(0);
  });
});

describe('the exports', () => {
  it('carry the list filters in their address, empty ones left out', () => {
    expect(exportPath('payments', {})).toBe('/admin/exports/payments.csv');
    expect(exportPath('donations', { status: 'refunded', email: 'ada@example.org', campaign: '' })).toBe(
      '/admin/exports/donations.csv?status=refunded&email=ada%40example.org',
    );
  });
});

describe('the status badge', () => {
  it('says the status in words', () => {
    expect(renderToStaticMarkup(<PaymentStatusBadge status="needs_attention" />)).toContain('Needs attention');
  });
});
