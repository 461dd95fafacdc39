#!/usr/bin/env bash
# Sets up a Debian 12 server for the site, as root (docs/operations.md "Install on a server"). Idempotent: run it
# again after changing a setting below, or after a release that changed deploy/. It never overwrites secrets.
#
#   deploy/install.sh
#
# What it does, in order:
#  1. checks Node.js: 24 LTS is the target (docs/operations.md says where to get it; Debian 12's own `nodejs` is
#     18); 22 runs too, with a note; 20 is past its end of life since 2026-04-30, refused unless SHENGAI_OLD_NODE=1,
#     which accepts 20.9+ with a warning;
#  2. installs nginx-light, redis-server, logrotate, openssl (SHENGAI_SKIP_APT=1 leaves packages alone);
#  3. creates the service user `shengai` and the folders: /srv/shengai/releases (one folder per release),
#     /srv/shengai/shared/{data,static,backups} owned by the user (the database, the static files kept across
#     releases, backups); the releases are built by the user too (docs/operations.md "Releases");
#  4. writes /srv/shengai/shared/shengai.env from deploy/shengai.env.example once, with a new JWT_SECRET and
#     NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (mode 640, root:shengai); SITE_URL and API_BASE_URL are yours to set;
#  5. installs the systemd units for SHENGAI_PORTS, the nginx config (rendered by `scripts/deploy-local.sh
#     render`: ports 443/80, SHENGAI_CERT and SHENGAI_CERT_KEY, logs in /var/log/nginx), the logrotate rules,
#     and Redis's persistence (deploy/redis/shengai.conf);
#  6. checks the nginx config (`nginx -t`) and tells you what is left to do.
#
# Settings (environment): SHENGAI_PORTS ("3001 3002"), SHENGAI_CERT, SHENGAI_CERT_KEY (the site's certificate
# and key; default Debian's snakeoil pair, for a first start only), SHENGAI_ROOT (a folder standing in for / : the
# tests install into a scratch folder), SYSTEMCTL (another systemctl: the tests' stand-in).
set -euo pipefail
cd "$(dirname "$0")/.."
R="${SHENGAI_ROOT:-}"
PORTS="${SHENGAI_PORTS:-3001 3002}"
CERT="${SHENGAI_CERT:-/etc/ssl/certs/ssl-cert-snakeoil.pem}"
CERT_KEY="${SHENGAI_CERT_KEY:-/etc/ssl/private/ssl-cert-snakeoil.key}"
SYSTEMCTL="${SYSTEMCTL:-systemctl}"
HOME_DIR=/srv/shengai
say() { echo "[install] $*"; }

# 1. Node.js. The embedded database's driver is chosen per Node by lib/backend/sqlite.ts: the Node-API build on 22+.
node_version="$(node --version 2>/dev/null || echo none)"
IFS=. read -r node_major node_minor _ <<< "${node_version#v}"
[[ "$node_major" =~ ^[0-9]+$ && "$node_minor" =~ ^[0-9]+$ ]] || { node_major=0; node_minor=0; }
if [ "$node_major" -lt 22 ]; then
  if [ "${SHENGAI_OLD_NODE:-0}" = 1 ] && { [ "$node_major" -gt 20 ] || { [ "$node_major" = 20 ] && [ "$node_minor" -ge 9 ]; }; }; then
    say "WARNING: Node.js $node_version is past its end of life (Node 20: 2026-04-30); going on because SHENGAI_OLD_NODE=1. Install Node 24 LTS (docs/operations.md \"Install on a server\", step 1)"
  else
    echo "Node.js 24 LTS is needed (found: $node_version; Node 22 runs too; Node 20 is past its end of life since 2026-04-30). Debian 12's nodejs package is 18: install Node 24 from NodeSource's apt repository (docs/operations.md \"Install on a server\", step 1)." >&2
    exit 1
  fi
elif [ "$node_major" -lt 24 ]; then
  say "note: Node.js $node_version runs the site; Node 24 LTS is the target (Node 22 is maintained until 2027-04-30)"
fi
say "Node.js $node_version"

# 2. Debian's packages
if [ "${SHENGAI_SKIP_APT:-0}" != 1 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light redis-server logrotate openssl ssl-cert >/dev/null
fi

# 3. The service user and its folders. The user owns what the site writes (the database, kept static files,
# backups) and its releases; root keeps the configuration.
if ! grep -q '^shengai:' "$R/etc/passwd"; then
  if [ -n "$R" ]; then useradd --prefix "$R" --system --home-dir "$HOME_DIR" --shell /usr/sbin/nologin --user-group shengai
  else useradd --system --home-dir "$HOME_DIR" --shell /usr/sbin/nologin --user-group shengai; fi
  say "service user shengai"
fi
uid="$(awk -F: '$1 == "shengai" { print $3 }' "$R/etc/passwd")"
gid="$(awk -F: '$1 == "shengai" { print $4 }' "$R/etc/passwd")"
mkdir -p "$R$HOME_DIR/releases" "$R$HOME_DIR/shared/data" "$R$HOME_DIR/shared/static" "$R$HOME_DIR/shared/backups" "$R$HOME_DIR/shared/page-cache"
chown "$uid:$gid" "$R$HOME_DIR" "$R$HOME_DIR/releases"
chown -R "$uid:$gid" "$R$HOME_DIR/shared/data" "$R$HOME_DIR/shared/static" "$R$HOME_DIR/shared/backups" "$R$HOME_DIR/shared/page-cache"
chmod 750 "$R$HOME_DIR/shared/data" "$R$HOME_DIR/shared/backups" "$R$HOME_DIR/shared/page-cache"

# 4. The environment, with secrets of its own (never the example's, which has none).
env_file="$R$HOME_DIR/shared/shengai.env"
if [ ! -f "$env_file" ]; then
  jwt="$(openssl rand -hex 32)"
  actions="$(openssl rand -base64 32)"
  sed -e "s|^JWT_SECRET=.*|JWT_SECRET=$jwt|" -e "s|^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=.*|NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$actions|" \
    deploy/shengai.env.example > "$env_file"
  say "wrote $HOME_DIR/shared/shengai.env with new secrets: set SITE_URL, and API_BASE_URL (or EMBEDDED_BACKEND=1)"
fi
chown "0:$gid" "$env_file"
chmod 640 "$env_file"

# 5. systemd, nginx, logrotate, Redis
mkdir -p "$R/etc/systemd/system" "$R/etc/nginx/shengai" "$R/etc/logrotate.d" "$R/etc/redis" "$R/var/log/nginx" "$R/var/cache/nginx/shengai" "$R/run"
cp deploy/systemd/shengai-next@.service "$R/etc/systemd/system/"
{
  echo "# All \`next start\` instances of the site (deploy/install.sh writes the ports): \`systemctl start shengai.target\`."
  echo "[Unit]"
  echo "Description=圣爱 website (all next start instances)"
  echo -n "Wants="
  for port in $PORTS; do echo -n "shengai-next@$port.service "; done
  echo
  echo
  echo "[Install]"
  echo "WantedBy=multi-user.target"
} > "$R/etc/systemd/system/shengai.target"
if [ -f "$R/etc/nginx/nginx.conf" ] && ! grep -q 'shengai_next' "$R/etc/nginx/nginx.conf"; then
  cp "$R/etc/nginx/nginx.conf" "$R/etc/nginx/nginx.conf.before-shengai"
fi
DEPLOY_STATE="$R/var/lib/shengai-render" DEPLOY_HTTPS_PORT=443 DEPLOY_HTTP_PORT=80 DEPLOY_NEXT_PORTS="$PORTS" \
  DEPLOY_APP_ROOT="$R$HOME_DIR/current" DEPLOY_STATIC_ROOT="$R$HOME_DIR/shared/static" DEPLOY_CONF_DIR="$R/etc/nginx/shengai" \
  DEPLOY_LOG_DIR="$R/var/log/nginx" DEPLOY_RUN_DIR="$R/run" DEPLOY_TMP_DIR="$R/var/cache/nginx/shengai" DEPLOY_NGINX_USER=www-data \
  DEPLOY_CERT="$CERT" DEPLOY_CERT_KEY="$CERT_KEY" \
  bash scripts/deploy-local.sh render "$R/etc/nginx/nginx.conf" >/dev/null
# The includes the config names live in /etc/nginx/shengai; render wrote them beside nginx.conf.
mv -f "$R/etc/nginx/static-headers.conf" "$R/etc/nginx/proxy-to-next.conf" "$R/etc/nginx/micro-cache.conf" "$R/etc/nginx/shengai/"
mv -f "$R/etc/nginx/logrotate.conf" "$R/etc/logrotate.d/shengai"
rm -rf "$R/var/lib/shengai-render"
cp deploy/redis/shengai.conf "$R/etc/redis/shengai.conf"
if [ -f "$R/etc/redis/redis.conf" ] && ! grep -q '^include /etc/redis/shengai.conf' "$R/etc/redis/redis.conf"; then
  echo 'include /etc/redis/shengai.conf' >> "$R/etc/redis/redis.conf"
fi
say "systemd units for ports $PORTS, nginx config, logrotate rules, Redis persistence"

# 6. Checks, and what is left.
if [ -z "$R" ]; then
  nginx -t -q
  $SYSTEMCTL daemon-reload
  $SYSTEMCTL enable redis-server shengai.target >/dev/null
fi
say "done. Next: set SITE_URL and API_BASE_URL in $HOME_DIR/shared/shengai.env, put the certificate at $CERT, then build"
say "the first release with deploy/build-release.sh (docs/operations.md \"Install on a server\" step 5) and: systemctl restart redis-server nginx && systemctl start shengai.target"
