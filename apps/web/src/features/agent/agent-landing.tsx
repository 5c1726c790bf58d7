import './agent.css';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { Icon, type IconName } from '../../ui/icons/icon.tsx';
import { useAgentSlots } from './agent-slots.tsx';

const POINTS: { key: 'team' | 'salary' | 'reports'; icon: IconName }[] = [
  { key: 'team', icon: 'user' },
  { key: 'salary', icon: 'deposit' },
  { key: 'reports', icon: 'chart' },
];

/**
 * /agent: a short pitch and the agent login (agents only; a member is told
 * 'Non-agents cannot log in'). A logged-in agent goes straight on to /agentHome.
 */
export function AgentLanding() {
  const { t } = useTranslation('auth');
  const { LoginForm } = useAgentSlots();
  const loggedIn = useSession((s) => s.loggedIn);
  const isAgent = useSession((s) => s.isAgent);
  if (loggedIn && isAgent) return <Navigate to="/agentHome" replace />;

  return (
    <main className="agent-landing" aria-labelledby="agent-pitch-title">
      {/* Phones read pitch, login, then the details; wide screens put the login beside them. */}
      <div className="agent-pitch">
        <p className="agent-kicker">{t('agent.kicker')}</p>
        <h1 id="agent-pitch-title">{t('agent.pitchTitle')}</h1>
        <p className="agent-pitch-lead">{t('agent.pitchLead')}</p>
      </div>
      <section className="agent-login-card auth" aria-labelledby="agent-login-title">
        <h2 id="agent-login-title" className="auth-title">
          {t('agent.loginTitle')}
        </h2>
        <p className="auth-lead">{t('agent.loginLead')}</p>
        <LoginForm />
      </section>
      <div className="agent-more">
        <ul className="agent-points">
          {POINTS.map((p) => (
            <li key={p.key}>
              <span className="agent-point-icon">
                <Icon name={p.icon} size={22} />
              </span>
              <span>
                <strong>{t(`agent.points.${p.key}.title`)}</strong>
                <span>{t(`agent.points.${p.key}.text`)}</span>
              </span>
            </li>
          ))}
        </ul>
        <Link to="/" className="link-button">
          {t('agent.backToLobby')}
        </Link>
      </div>
    </main>
  );
}
