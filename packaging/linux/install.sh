#!/bin/sh
# Install Qilu Cards for the current user (no root): the program under ~/.local/opt/qilu-cards, a command
# ~/.local/bin/qilu-cards, the menu entry and the icon. Run it from the unpacked tarball:
#     ./install.sh            install or update
#     ./install.sh --remove   uninstall (your saves in ~/.local/share/QiluCards stay)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/qilu-cards
bin=$HOME/.local/bin
apps=$data/applications
icons=$data/icons/hicolor/256x256/apps

if [ "${1:-}" = "--remove" ]; then
    rm -rf "$opt" "$bin/qilu-cards" "$apps/qilu-cards.desktop" "$icons/qilu-cards.png"
    echo "Qilu Cards removed."
    exit 0
fi

mkdir -p "$opt" "$bin" "$apps" "$icons"
rm -rf "$opt"
cp -a "$here/qilu-cards" "$opt"
ln -sf "$opt/qilu-cards" "$bin/qilu-cards"
cp "$here/qilu-cards.png" "$icons/qilu-cards.png"
# The menu entry points at the installed program, so it works even when ~/.local/bin is not on PATH.
sed "s|^Exec=.*|Exec=\"$opt/qilu-cards\"|" "$here/qilu-cards.desktop" > "$apps/qilu-cards.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "Qilu Cards installed: start it from the menu or run $bin/qilu-cards"
