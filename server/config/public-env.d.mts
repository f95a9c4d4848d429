export declare function publicEnvProblems(env: Record<string, string | undefined>): string[];
