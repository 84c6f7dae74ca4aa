import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { adminSessionEnded } from '@/lib/admin-session.ts';

export function LogoutButton() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        dispatch(adminSessionEnded({ reason: 'logout' }));
        void navigate('/admin/login', { replace: true });
      }}
    >
      Log out
    </button>
  );
}
