#!/bin/sh
# Makes the test keystores used by ArteryTlsTest: one self-signed key pair (valid 100 years) shared by every test
# member, and a trust store holding its certificate. For a real cluster make one key pair per machine (see
# docs/cluster.md); never reuse these: their password is in the repository.
set -e
cd "$(dirname "$0")"
rm -f keystore.p12 truststore.p12 member.crt
keytool -genkeypair -alias member -keyalg RSA -keysize 2048 -validity 36500 -dname "CN=ringsim-test-member" \
  -keystore keystore.p12 -storetype PKCS12 -storepass changeit -keypass changeit
keytool -exportcert -alias member -keystore keystore.p12 -storepass changeit -file member.crt
keytool -importcert -noprompt -alias member -file member.crt -keystore truststore.p12 -storetype PKCS12 \
  -storepass changeit
rm member.crt
