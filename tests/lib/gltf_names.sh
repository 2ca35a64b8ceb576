# names_gltf FILE: writes a glTF whose names carry escape sequences (for the tests that they reach the terminal
# escaped): node 0 "red ESC[31m , "q" LF nl U+009B", animation 0 "ESC]0;owned BEL" (an OSC that retitles a
# terminal), one LINEAR translation channel at rest (0, 0, 0) with keys at t = 0 and 1. Source after tests/lib/cli.sh.
names_gltf() {
    data=$( { printf '\000\000\000\000\000\000\200\077'; head -c 24 /dev/zero; } | base64 -w0)
    cat >"$1" <<EOF
{"asset": {"version": "2.0"}, "nodes": [{"name": "red\u001b[31m,\"q\"\nnl\u009b"}],
 "buffers": [{"byteLength": 32, "uri": "data:application/octet-stream;base64,$data"}],
 "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}],
 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
               {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"}],
 "animations": [{"name": "\u001b]0;owned\u0007", "channels": [{"sampler": 0, "target": {"node": 0,
                 "path": "translation"}}], "samplers": [{"input": 0, "output": 1}]}]}
EOF
}
