import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthFrame } from './auth-frame.tsx';
import { EnrolFlow } from './enrol-flow.tsx';

/** `/console/enrol?token=…`: the one-time link from `npm run ops -- staff create` or from an owner. */
export default function EnrolScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthFrame title={t('enrol.title')} wide>
      {token ? (
        <EnrolFlow token={token} />
      ) : (
        <div className="alert error" role="alert">
          {t('enrol.noToken')}
        </div>
      )}
    </AuthFrame>
  );
}
