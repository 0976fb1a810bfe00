#!/bin/sh
# Rebuilds present/web/activity/sdk.js: Discord's Embedded App SDK (npm @discord/embedded-app-sdk, MIT) bundled
# by esbuild into one browser script that sets window.DiscordSDK (and DiscordSDKMock, DiscordSDKEvents,
# DiscordSDKPlatform). Our own page code (app.js, lodge.js) has no build step; only this vendored file does.
# Needs node + npm and the npm registry; works in a scratch directory, so no node_modules enters the repo.
#   sh bench/build_activity_sdk.sh            (versions pinned below; bump them here, rebuild, commit sdk.js)
set -eu
SDK_VERSION=2.5.0
ESBUILD_VERSION=0.28.2
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/present/web/activity/sdk.js"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund "@discord/embedded-app-sdk@$SDK_VERSION" "esbuild@$ESBUILD_VERSION"
cat > entry.mjs <<'JS'
import { DiscordSDK, DiscordSDKMock, Events, Platform } from "@discord/embedded-app-sdk";
window.DiscordSDK = DiscordSDK;
window.DiscordSDKMock = DiscordSDKMock;
window.DiscordSDKEvents = Events;
window.DiscordSDKPlatform = Platform;
JS
npx esbuild entry.mjs --bundle --minify --format=iife --target=es2020 --legal-comments=inline --outfile=bundle.js
{
  echo "/*! @discord/embedded-app-sdk $SDK_VERSION (https://github.com/discord/embedded-app-sdk), bundled with"
  echo " * esbuild $ESBUILD_VERSION by bench/build_activity_sdk.sh, with its dependencies: $(node -e '
      const names = ["big-integer", "decimal.js-light", "eventemitter3", "lodash.transform", "uuid", "zod"];
      console.log(names.map((n) => { const p = require("./node_modules/" + n + "/package.json");
        return n + " " + p.version + " (" + p.license + ")"; }).join(", "));')."
  echo " * Licence texts: present/web/activity/LICENSE-embedded-app-sdk.txt. The SDK's own notice:"
  echo " *"
  sed 's/^/ * /; s/ *$//' node_modules/@discord/embedded-app-sdk/LICENSE.md
  echo " */"
  cat bundle.js
} > "$out"
echo "wrote $out ($(wc -c < "$out") bytes)"
