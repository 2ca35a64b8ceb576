/* yaml2json: a YAML file as JSON on stdout, for the shell tests to read it with jq (a GitHub workflow).
 *
 *   yaml2json FILE.yml
 *
 * Every scalar becomes a JSON string, whatever it looks like (YAML 1.1 would read `on` as true: the test sees the
 * text as written and checks types itself); a mapping an object (keys in order), a sequence an array. One document.
 * Exit status: 0, 1 when FILE cannot be read or is not YAML (libyaml's message and line on stderr). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <yaml.h>

#define DEPTH_MAX 64   /* a workflow nests a few levels: deeper is a loop of aliases or a hostile file */

static cJSON *convert(yaml_document_t *doc, yaml_node_t *node, int depth)
{
    if (!node || depth > DEPTH_MAX)
        return NULL;
    cJSON *out = NULL;
    switch (node->type) {
    case YAML_SCALAR_NODE:
        return cJSON_CreateString((const char *)node->data.scalar.value);
    case YAML_SEQUENCE_NODE:
        out = cJSON_CreateArray();
        for (yaml_node_item_t *i = node->data.sequence.items.start; out && i < node->data.sequence.items.top; i++) {
            cJSON *item = convert(doc, yaml_document_get_node(doc, *i), depth + 1);
            if (!item || !cJSON_AddItemToArray(out, item))
                cJSON_Delete(item), cJSON_Delete(out), out = NULL;
        }
        return out;
    case YAML_MAPPING_NODE:
        out = cJSON_CreateObject();
        for (yaml_node_pair_t *p = node->data.mapping.pairs.start; out && p < node->data.mapping.pairs.top; p++) {
            yaml_node_t *key = yaml_document_get_node(doc, p->key);
            cJSON *value = convert(doc, yaml_document_get_node(doc, p->value), depth + 1);
            if (!key || key->type != YAML_SCALAR_NODE || !value ||
                !cJSON_AddItemToObject(out, (const char *)key->data.scalar.value, value))
                cJSON_Delete(value), cJSON_Delete(out), out = NULL;
        }
        return out;
    default:
        return NULL;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: yaml2json FILE.yml\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    int rc = 1;
    if (!yaml_parser_load(&parser, &doc)) {
        fprintf(stderr, "%s: line %zu: %s\n", argv[1], parser.problem_mark.line + 1,
                parser.problem ? parser.problem : "not YAML");
    } else {
        cJSON *json = convert(&doc, yaml_document_get_root_node(&doc), 0);
        char *text = json ? cJSON_Print(json) : NULL;
        if (text) {
            puts(text);
            rc = 0;
        } else {
            fprintf(stderr, "%s: empty, nested too deep or a key that is not text\n", argv[1]);
        }
        cJSON_free(text);
        cJSON_Delete(json);
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    fclose(f);
    return rc;
}
