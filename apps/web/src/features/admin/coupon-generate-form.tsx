import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  COUPON_BATCH_MAX,
  COUPON_CODE_PATTERN,
  COUPON_MAX_USES_MAX,
  COUPON_TYPES,
  type CouponType,
  normaliseCouponCode,
} from '@swapu/shared/coupons';
import type { Coupon } from '@swapu/shared/money-api';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { Generated } from './coupon-generated';
import { useCreateCoupons } from './use-admin-coupons';

const isCount = (v: number | string): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= COUPON_BATCH_MAX;
const isMaxUses = (v: number | string): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= COUPON_MAX_USES_MAX;

/** Today as the date field writes it (yyyy-mm-dd, local time). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type FieldErrors = { count?: string; maxUses?: string; code?: string; expires?: string; form?: string };

export function GenerateForm() {
  const { t } = useTranslation(['coupons', 'errors']);
  const create = useCreateCoupons();
  const [type, setType] = useState<CouponType>('month_normal');
  const [count, setCount] = useState<number | string>(1);
  const [maxUses, setMaxUses] = useState<number | string>(1);
  const [code, setCode] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generated, setGenerated] = useState<Coupon[] | null>(null);
  const single = count === 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!isCount(count)) found.count = t('admin.countInvalid');
    if (!isMaxUses(maxUses)) found.maxUses = t('admin.maxUsesInvalid');
    const own = single ? normaliseCouponCode(code) : '';
    if (own && !COUPON_CODE_PATTERN.test(own)) found.code = t('admin.ownCodeInvalid');
    if (expires && expires < today()) found.expires = t('admin.expiresPast');
    setErrors(found);
    if (Object.keys(found).length > 0 || !isCount(count) || !isMaxUses(maxUses)) return;
    setGenerated(null);
    create.mutate(
      {
        type,
        count,
        maxUses,
        ...(own ? { code: own } : {}),
        // The end of the chosen day where the admin is.
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:59.999`).toISOString() } : {}),
      },
      {
        onSuccess: (r) => {
          setGenerated(r.items);
          setCode('');
        },
        onError: (err) => {
          const message = t(`errors:${errorCodeOf(err)}`);
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (errorCodeOf(err) === 'coupon_code_taken' || fields?.code) setErrors({ code: message });
          else if (fields?.expiresAt) setErrors({ expires: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  return (
    <Card padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('admin.generateTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Select
            label={t('admin.type')}
            data={COUPON_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={type}
            onChange={(v) => v && setType(v as CouponType)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('admin.count')}
            description={t('admin.countHint')}
            value={count}
            onChange={(v) => {
              setCount(v);
              setErrors((x) => ({ ...x, count: undefined }));
            }}
            min={1}
            max={COUPON_BATCH_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={errors.count}
          />
          <NumberInput
            label={t('admin.maxUses')}
            description={t('admin.maxUsesHint')}
            value={maxUses}
            onChange={(v) => {
              setMaxUses(v);
              setErrors((x) => ({ ...x, maxUses: undefined }));
            }}
            min={1}
            max={COUPON_MAX_USES_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator=","
            error={errors.maxUses}
          />
          <TextInput
            label={t('admin.ownCode')}
            description={single ? t('admin.ownCodeHint') : t('admin.ownCodeBatch')}
            value={single ? code : ''}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setErrors((x) => ({ ...x, code: undefined }));
            }}
            disabled={!single}
            error={errors.code}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
          <TextInput
            type="date"
            label={t('admin.expires')}
            description={t('admin.expiresHint')}
            value={expires}
            min={today()}
            onChange={(e) => {
              setExpires(e.currentTarget.value);
              setErrors((x) => ({ ...x, expires: undefined }));
            }}
            error={errors.expires}
          />
        </SimpleGrid>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} leftSection={<IconTicket size={18} />}>
            {t('admin.generate')}
          </Button>
        </Group>
        {generated && <Generated items={generated} />}
      </Stack>
    </Card>
  );
}
