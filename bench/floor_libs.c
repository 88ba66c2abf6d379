/* floor_libs.c - a process that merely links (and touches) libyaml, cJSON and
 * libcurl: what any binary that links all three pays at start-up. */
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <stdio.h>
#include <yaml.h>

int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 5)
        printf("%s %s %s\n", yaml_get_version_string(), cJSON_Version(), curl_version());
    return 0;
}
