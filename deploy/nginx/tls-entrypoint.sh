#!/bin/sh
# The nginx container's entrypoint (deploy/nginx/Dockerfile): makes sure /etc/nginx/tls holds a
# certificate and its key, then hands over to the image's own entrypoint (the official image's
# /docker-entrypoint.sh, when there is one) or runs the command.
#
# tls.crt (the full chain, PEM) and tls.key (its private key, PEM) are used as they are when both
# are there: a real certificate mounted from the host (docs/DEPLOYMENT.md, "TLS"). When neither is,
# a self-signed pair is made (ECDSA P-256, valid VIPERD_TLS_DAYS days, default 365) for
# localhost, 127.0.0.1, ::1 and the names in VIPERD_TLS_HOSTNAMES (comma-separated), and the log
# says so. Only one of the two is an error: the container stops rather than serve a mismatch.
set -eu
folder=${VIPERD_TLS_DIR:-/etc/nginx/tls}
certificate=$folder/tls.crt
key=$folder/tls.key
say() { echo "viperd-tls: $*" >&2; }

if [ -s "$certificate" ] && [ -s "$key" ]; then
    say "using $certificate ($(openssl x509 -noout -subject -enddate -in "$certificate" | tr '\n' ' '| sed 's/ $//'))"
elif [ -e "$certificate" ] || [ -e "$key" ]; then
    say "$folder holds only one of tls.crt and tls.key: mount both (a certificate and its key), or neither for a self-signed pair"
    exit 1
else
    names="DNS:localhost,IP:127.0.0.1,IP:0:0:0:0:0:0:0:1"
    common_name=localhost
    for name in $(echo "${VIPERD_TLS_HOSTNAMES:-}" | tr ',' ' '); do
        case "$name" in
            *[!0-9.]*) names="$names,DNS:$name" ;;
            *) names="$names,IP:$name" ;;
        esac
        [ "$common_name" = localhost ] && common_name=$name
    done
    # The key is written 0600 (umask in the command substitution's subshell only).
    if ! output=$(umask 077 && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
            -days "${VIPERD_TLS_DAYS:-365}" -subj "/CN=$common_name" -addext "subjectAltName=$names" \
            -keyout "$key.new" -out "$certificate.new" 2>&1); then
        say "could not make a self-signed certificate in $folder: $output"
        exit 1
    fi
    chmod 0644 "$certificate.new"
    mv "$key.new" "$key"
    mv "$certificate.new" "$certificate"
    say "NO CERTIFICATE in $folder: made a SELF-SIGNED one for $names, valid ${VIPERD_TLS_DAYS:-365} days;" \
        "clients will not trust it unless told to (curl --cacert $certificate);" \
        "mount a real certificate as $certificate and $key (docs/DEPLOYMENT.md, \"TLS\")"
    say "self-signed certificate $(openssl x509 -noout -fingerprint -sha256 -in "$certificate")"
fi

if [ -x /docker-entrypoint.sh ]; then
    exec /docker-entrypoint.sh "$@"
fi
exec "$@"
