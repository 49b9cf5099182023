// A payment method's mark, drawn here (nothing downloaded): a small card in the brand's colour with its short name.
// Decorative: the method's name is always written beside it.
import type { PaymentMethod } from '@app/contracts';

type Mark = { background: string; color?: string; text: string };

const MARKS: Record<PaymentMethod, Mark> = {
  ideal: { background: '#cc0066', text: 'iDEAL' },
  visa: { background: '#1a1f71', text: 'VISA' },
  mastercard: { background: '#231f20', text: '' },
  maestro: { background: '#0099df', text: '' },
  creditcard: { background: '#2e9e5b', text: 'CARD' },
  cartebancaire: { background: '#00a0e3', text: 'CB' },
  paypal: { background: '#003087', text: 'PayPal' },
  applepay: { background: '#000000', text: ' Pay' },
  bancontact: { background: '#005498', text: 'BC' },
  eps: { background: '#c8036f', text: 'eps' },
  twint: { background: '#000000', text: 'TWINT' },
  satispay: { background: '#f94c43', text: 'satis' },
  blik: { background: '#000000', color: '#ff3b5c', text: 'blik' },
  prezelewy24: { background: '#d13239', text: 'P24' },
  mobilepay: { background: '#5a78ff', text: 'MP' },
  dankort: { background: '#e20613', text: 'DK' },
  swish: { background: '#ffffff', color: '#1b9a3c', text: 'swish' },
  vipps: { background: '#ff5b24', text: 'vipps' },
  paysafecard: { background: '#008ac9', text: 'psc' },
  sdd: { background: '#2b5cab', text: 'SEPA' },
  sct: { background: '#2b5cab', text: 'BANK' },
  giropay: { background: '#000268', text: 'giro' },
  sofort: { background: '#ef809f', text: 'SOFORT' },
  nexi: { background: '#2d32aa', text: 'nexi' },
};

export function PaymentMethodMark({ method, width = 48 }: { method: PaymentMethod; width?: number }) {
  const mark = MARKS[method];
  const height = Math.round((width * 30) / 48);
  const fontSize = mark.text.length > 4 ? 9 : 11;
  return (
    <svg
      className={`payment-method-mark payment-method-mark-${method}`}
      width={width}
      height={height}
      viewBox="0 0 48 30"
      aria-hidden="true"
      focusable="false"
      data-method={method}
    >
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill={mark.background} stroke="rgba(0,0,0,0.15)" />
      {method === 'mastercard' && (
        <>
          <circle cx="19" cy="15" r="8" fill="#eb001b" />
          <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </>
      )}
      {method === 'maestro' && (
        <>
          <circle cx="19" cy="15" r="8" fill="#e7003a" />
          <circle cx="29" cy="15" r="8" fill="#00a2e5" fillOpacity="0.9" />
        </>
      )}
      {mark.text && (
        <text
          x="24"
          y="15"
          dominantBaseline="central"
          textAnchor="middle"
          fill={mark.color ?? '#ffffff'}
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize={fontSize}
          fontWeight="700"
          fontStyle={method === 'paypal' ? 'italic' : undefined}
        >
          {mark.text.trim()}
        </text>
      )}
    </svg>
  );
}
