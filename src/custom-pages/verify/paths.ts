// the auth provider knows it too (a refused call there ends no session): it stands on the session's floor
export { VERIFY_PATH } from '../../session/publicPages';
