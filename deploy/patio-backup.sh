#!/bin/sh
# The nightly backup (deploy/patio-backup.service, started by deploy/patio-backup.timer):
# `npm run backup` into a new folder PATIO_BACKUP_ROOT/patio-<UTC time>, then only the newest
# PATIO_BACKUP_KEEP complete backups (those with a manifest.json) are kept. A failed backup exits
# non-zero (systemd shows the unit failed) and removes nothing.
set -eu
root=${PATIO_BACKUP_ROOT:-/var/backups/patio}
keep=${PATIO_BACKUP_KEEP:-14}
# The built commands of this Patio folder (the one above deploy/); tests point it at their own build.
dist=${PATIO_DIST:-$(cd "$(dirname "$0")/.." && pwd)/apps/server/dist}
case $keep in
'' | *[!0-9]* | 0)
	echo "patio-backup: PATIO_BACKUP_KEEP must be a whole number of at least 1, got '$keep'" >&2
	exit 1
	;;
esac
mkdir -p "$root"
# Nanoseconds: two backups in one second (a manual one beside the timer's) get two folders.
target="$root/patio-$(date -u +%Y%m%dT%H%M%S.%NZ)"
node "$dist/backup.js" --to "$target"
# Folder names sort by time: count complete backups from the newest down, remove beyond $keep.
# A folder without manifest.json (a backup that did not finish) is removed too, except this one.
complete=0
for dir in $(find "$root" -mindepth 1 -maxdepth 1 -type d -name 'patio-*' | sort -r); do
	if [ -f "$dir/manifest.json" ]; then
		complete=$((complete + 1))
		[ "$complete" -le "$keep" ] && continue
	elif [ "$dir" = "$target" ]; then
		continue
	fi
	echo "patio-backup: removing $dir"
	rm -rf -- "$dir"
done
