import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppWithProviders />
    </BrowserRouter>
  );
}

function AppWithProviders() {
  const navigate = useNavigate();
  return (
    <AppProvider onSignedOut={() => void navigate('/login', { replace: true })}>
      <AppRoutes />
    </AppProvider>
  );
}
