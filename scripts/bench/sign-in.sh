# Shared by the console benchmarks (source it).
# console_cookie BASE USER PASSWORD: signs in through the console's own sign-in form (its form
# token, as a browser sends it) and prints the session cookie's header value; fails unless the
# Fleet page then answers 200 itself (not a redirect to the sign-in page, which hey would follow).
console_cookie() {
  local base=$1 user=$2 password=$3 jar form session status
  jar=$(mktemp)
  curl -s -c "$jar" -o /dev/null "$base/login"
  form=$(awk '$6 == "exa_signin" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "user=$user" \
    --data-urlencode "password=$password" --data-urlencode "csrf=$form" "$base/login"
  session=$(awk '$6 == "exa_session" {print $7}' "$jar")
  rm -f "$jar"
  status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: exa_session=$session" "$base/")
  [ "$status" = 200 ] || { echo "bench: signing in to $base as $user failed (the Fleet page answered $status)" >&2; return 1; }
  echo "exa_session=$session"
}
